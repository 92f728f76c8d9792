import { describe, expect, it } from 'vitest';
import { takeListenFd } from './socket-activation.js';

describe('takeListenFd (systemd socket activation)', () => {
  it('takes the one socket passed to this process, and clears the variables', () => {
    const env: NodeJS.ProcessEnv = { LISTEN_PID: '42', LISTEN_FDS: '1', OTHER: 'x' };
    expect(takeListenFd(env, 42)).toBe(3);
    expect(env).toEqual({ OTHER: 'x' });
  });

  it('ignores sockets passed to another process (a parent’s variables inherited)', () => {
    const env: NodeJS.ProcessEnv = { LISTEN_PID: '41', LISTEN_FDS: '1' };
    expect(takeListenFd(env, 42)).toBeNull();
    expect(env).toEqual({});
  });

  it('takes the socket named rtmp among several, and none when several are unnamed', () => {
    expect(
      takeListenFd({ LISTEN_PID: '42', LISTEN_FDS: '2', LISTEN_FDNAMES: 'http:rtmp' }, 42),
    ).toBe(4);
    expect(takeListenFd({ LISTEN_PID: '42', LISTEN_FDS: '2' }, 42)).toBeNull();
  });

  it('takes none without sockets, or with a count that is not one', () => {
    expect(takeListenFd({}, 42)).toBeNull();
    expect(takeListenFd({ LISTEN_PID: '42', LISTEN_FDS: '0' }, 42)).toBeNull();
    expect(takeListenFd({ LISTEN_PID: '42', LISTEN_FDS: 'x' }, 42)).toBeNull();
  });
});
