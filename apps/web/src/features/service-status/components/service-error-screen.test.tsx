import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addFailingUrl, removeFailingUrl } from '../../../lib/failing-urls';
import { ServiceErrorScreen } from './service-error-screen';

afterEach(() => vi.useRealTimers());

const TITLE = 'Apologies! Our service is currently experiencing technical difficulties.';

describe('ServiceErrorScreen', () => {
  it('stays hidden while no URL fails', () => {
    render(<ServiceErrorScreen />);
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('shows the spec text with a reload button that unlocks after a 60 s countdown', () => {
    vi.useFakeTimers();
    const onReload = vi.fn();
    render(<ServiceErrorScreen onReload={onReload} />);
    act(() => {
      addFailingUrl('/api/settings');
    });

    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByRole('heading', { name: TITLE })).toBeTruthy();
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Reload available in 60 s');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(button.textContent).toBe('Reload available in 59 s');
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(button.textContent).toBe('Reload available in 1 s');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.textContent).toBe('Reload the page');
    act(() => {
      button.click();
    });
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('hides once no failing URL remains', () => {
    render(<ServiceErrorScreen />);
    act(() => {
      addFailingUrl('/api/settings');
      addFailingUrl('/api/menu');
    });
    act(() => {
      removeFailingUrl('/api/settings');
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    act(() => {
      removeFailingUrl('/api/menu');
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
