import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const stored = {
  live: { email: true, push: false },
  tomorrow: { email: true, push: false },
};

/** The server: stored settings, Web Push on with a key, and subscriptions kept. */
function server(publicKey: string | null) {
  return withBackground((url, init) => {
    if (url.pathname === '/api/notifications/push') return json({ public_key: publicKey });
    if (url.pathname === '/api/notifications/push/subscriptions') {
      return json({ subscribed: init.method === 'POST' });
    }
    if (url.pathname !== '/api/notifications/settings') return json([]);
    if (init.method === 'POST') {
      const { live, tomorrow } = JSON.parse(init.body as string) as typeof stored;
      return json({ live, tomorrow });
    }
    return json(stored);
  });
}

/** A browser's push machinery, as Chromium gives it to a page (jsdom has none). */
function browserPush(permission: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example.test/send/abc',
    toJSON: () => ({
      endpoint: 'https://push.example.test/send/abc',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(null)),
    subscribe: vi.fn(() => Promise.resolve(subscription)),
  };
  const registration = { pushManager };
  const register = vi.fn(() => Promise.resolve(registration));
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      permission: 'default',
      requestPermission: vi.fn(() => Promise.resolve(permission)),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  return { register, pushManager };
}

describe('profile alerts', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows the stored choices per kind and saves the changed ones', async () => {
    const { fetch } = renderApp('/profile/alerts', { user: makeProfile(), handler: server('K') });
    const [liveEmail, tomorrowEmail] = await screen.findAllByLabelText('By email');
    expect((tomorrowEmail as HTMLInputElement).checked).toBe(true);
    // This browser (jsdom) has no push: the choice is there, off, and says why.
    const [livePush] = screen.getAllByLabelText(/By push notification/);
    expect((livePush as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/This browser cannot show push notifications/)).toBeTruthy();
    expect(liveEmail).toBeTruthy();
    await userEvent.click(tomorrowEmail as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Alert settings saved')).toBeTruthy();
    const posted = callsTo(fetch, '/api/notifications/settings').filter((c) => c.method === 'POST');
    expect(posted[0]?.body).toEqual(
      expect.objectContaining({
        live: { email: true, push: false },
        tomorrow: { email: false, push: false },
      }),
    );
  });

  it('choosing push subscribes this browser with the server key, then saves', async () => {
    const { register, pushManager } = browserPush('granted');
    const { fetch } = renderApp('/profile/alerts', {
      user: makeProfile(),
      handler: server(`B${'A'.repeat(86)}`),
    });
    const [livePush] = await screen.findAllByLabelText(/By push notification/);
    await waitFor(() => expect((livePush as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(livePush as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Alert settings saved')).toBeTruthy();
    expect(register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    expect(pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    const subscribed = callsTo(fetch, '/api/notifications/push/subscriptions');
    expect(subscribed[0]?.method).toBe('POST');
    expect(subscribed[0]?.body).toEqual(
      expect.objectContaining({ endpoint: 'https://push.example.test/send/abc' }),
    );
    const posted = callsTo(fetch, '/api/notifications/settings').filter((c) => c.method === 'POST');
    expect(posted[0]?.body).toEqual(expect.objectContaining({ live: { email: true, push: true } }));
  });

  it('a refused permission saves nothing and says so', async () => {
    browserPush('denied');
    const { fetch } = renderApp('/profile/alerts', { user: makeProfile(), handler: server('K') });
    const [, tomorrowPush] = await screen.findAllByLabelText(/By push notification/);
    await waitFor(() => expect((tomorrowPush as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(tomorrowPush as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Push notifications were not allowed/)).toBeTruthy();
    const posted = callsTo(fetch, '/api/notifications/settings').filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(0);
  });
});
