import { describe, expect, it } from 'vitest';
import {
  endpointProblem,
  guardedLookup,
  isPrivateAddress,
  isSendableEndpoint,
} from './push-endpoint-guard.js';

describe('push endpoints from browsers (production)', () => {
  it('takes https to public addresses only', async () => {
    expect(await endpointProblem('http://push.example.test/x', true)).toBe('not_https');
    for (const url of [
      'https://127.0.0.1/x',
      'https://127.1.2.3:8443/x',
      'https://10.0.0.5/x',
      'https://172.20.1.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
      'https://localhost/x',
      'https://name-that-does-not-resolve.invalid/x',
    ]) {
      expect(await endpointProblem(url, true), url).toBe('private_address');
    }
    expect(await endpointProblem('https://8.8.8.8/x', true)).toBeNull();
    expect(await endpointProblem('https://[2606:4700::1111]/x', true)).toBeNull();
  });

  it('outside production, a local push service is fine (the tests run one)', async () => {
    expect(await endpointProblem('http://127.0.0.1:4510/push/a', false)).toBeNull();
    expect(isSendableEndpoint('http://127.0.0.1:4510/push/a', false)).toBe(true);
  });

  it('checks again at send time, on the address the socket would connect to', async () => {
    expect(isSendableEndpoint('https://10.1.1.1/x', true)).toBe(false);
    expect(isSendableEndpoint('http://push.example.test/x', true)).toBe(false);
    expect(isSendableEndpoint('https://push.example.test/x', true)).toBe(true);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe('EPRIVATE');
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('not an address')).toBe(true);
  });
});
