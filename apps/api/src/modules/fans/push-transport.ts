import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushMessage } from '@rudy/contracts';
import { guardedLookup, isSendableEndpoint } from './push-endpoint-guard.js';
import type { VapidKeys } from './vapid-keys.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: its status (0: no answer) and Retry-After when it gave one. */
export interface PushAnswer {
  status: number;
  retryAfter?: string;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends one message: web-push encrypts it for the subscription (RFC 8291, aes128gcm) and signs the
 * VAPID header (RFC 8292); the request itself is ours, so that production's requests connect to
 * public addresses only (guardedLookup) and the tests' push service can listen on plain http.
 */
export function createPushTransport(o: { vapid: VapidKeys; production: boolean }) {
  return async function send(
    target: PushTarget,
    message: PushMessage,
    options: { ttlSeconds: number; urgency: 'normal' | 'high'; topic: string },
  ): Promise<PushAnswer> {
    if (!isSendableEndpoint(target.endpoint, o.production)) return { status: 403 };
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: o.vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        // A message still waiting at the push service is replaced, not doubled, when resent.
        topic: options.topic,
        contentEncoding: 'aes128gcm',
      },
    );
    const url = new URL(details.endpoint);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<PushAnswer>((resolve) => {
      const request = client.request(
        url,
        {
          method: details.method,
          headers: details.headers,
          timeout: TIMEOUT_MS,
          ...(o.production ? { lookup: guardedLookup } : {}),
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            resolve({ status: response.statusCode ?? 0, ...(retryAfter ? { retryAfter } : {}) });
          });
          response.on('error', () => resolve({ status: 0 }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service timeout')));
      request.on('error', () => resolve({ status: 0 }));
      request.end(details.body ?? undefined);
    });
  };
}
export type PushTransport = ReturnType<typeof createPushTransport>;
