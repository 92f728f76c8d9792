import { TOAST_DEFAULT_MS } from '@rudy/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast-store';
import { Toaster } from './toaster';

afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('shows an info toast for 5000 ms by default', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast({ message: 'Saved to your list' });
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Saved to your list');
    expect(toast.getAttribute('data-type')).toBe('info');
    act(() => {
      vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1);
    });
    expect(screen.queryByText('Saved to your list')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved to your list')).toBeNull();
  });

  it('announces errors as alerts, honours a custom time and closes on demand', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast({ message: 'Payment failed', type: 'error', time: 1_000 });
    });
    act(() => {
      showToast({ message: 'Done', type: 'success' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(screen.queryByText('Done')).toBeNull();
  });
});
