import { removePushSubscription, savePushSubscription } from '../api/push-subscriptions';

/** The service worker (apps/web/public): scope '/' so its notifications belong to the whole site. */
const WORKER = '/push-sw.js';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can take push alerts from this site. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

function keyBytes(base64url: string) {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Makes sure this browser is subscribed and the server keeps it for the viewer: asks the
 * permission (the browser's prompt) when not given yet. False when the viewer refuses.
 */
export async function subscribeThisDevice(publicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.register(WORKER, { scope: '/' });
  const ready = await navigator.serviceWorker.ready;
  const manager = (ready ?? registration).pushManager;
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await savePushSubscription(subscription.toJSON());
  return true;
}

/** Stops push on this browser: the server forgets it, then the browser does. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}
