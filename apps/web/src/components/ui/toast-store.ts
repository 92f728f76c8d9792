import { TOAST_DEFAULT_MS } from '@rudy/contracts';
import { useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  /** how long it stays, in milliseconds */
  time: number;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function showToast(input: { message: string; type?: ToastType; time?: number }) {
  const toast: Toast = {
    id: nextId++,
    message: input.message,
    type: input.type ?? 'info',
    time: input.time ?? TOAST_DEFAULT_MS,
  };
  // The same message twice in a row (e.g. several throttled calls) shows once.
  if (toasts.some((t) => t.message === toast.message && t.type === toast.type)) return null;
  publish([...toasts, toast]);
  return toast.id;
}

export function dismissToast(id: number) {
  publish(toasts.filter((t) => t.id !== id));
}

export function clearToasts() {
  publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToasts() {
  return useSyncExternalStore(subscribe, () => toasts);
}
