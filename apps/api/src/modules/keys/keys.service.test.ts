import { describe, expect, it } from 'vitest';
import type { KeysRepository } from './keys.repository.js';
import { createKeysService } from './keys.service.js';

/** An in-memory repository that counts its calls (what an arriving viewer costs the database). */
function countingRepo() {
  const calls = { findChannelByKey: 0, insertKey: 0, findActiveKey: 0 };
  const repo = {
    findChannelByKey: (key: string) => {
      calls.findChannelByKey += 1;
      return Promise.resolve(key === 'demo' ? { id: 7, key: 'demo' } : undefined);
    },
    insertKey: () => {
      calls.insertKey += 1;
      return Promise.resolve(`key-${calls.insertKey}`);
    },
    findActiveKey: () => {
      calls.findActiveKey += 1;
      return Promise.resolve(undefined);
    },
  } as unknown as KeysRepository;
  return { repo, calls };
}

describe('an arriving viewer', () => {
  it('costs one insert: the channel key is looked up once per process', async () => {
    const { repo, calls } = countingRepo();
    const keys = createKeysService(repo);
    const first = await keys.issueAnonymousKey('demo');
    const second = await keys.issueAnonymousKey('demo');
    expect(first.api_key).not.toBe(second.api_key);
    expect(calls).toEqual({ findChannelByKey: 1, insertKey: 2, findActiveKey: 0 });
  });

  it('needs no lookup for its next call: the key is cached as issued, until forgotten', async () => {
    const { repo, calls } = countingRepo();
    let clock = new Date('2026-12-03T11:00:00Z');
    const keys = createKeysService(repo, () => clock);
    const issued = await keys.issueAnonymousKey('demo');
    expect(await keys.resolve(issued.api_key)).toEqual({
      keyId: 'key-1',
      channelId: 7,
      channelKey: 'demo',
      userId: null,
      expiresAt: new Date(issued.expires_at),
    });
    expect(calls.findActiveKey).toBe(0);
    // A revocation here (logout) drops it: the next call reads the database, which refuses it.
    keys.forgetKey(issued.api_key);
    await expect(keys.resolve(issued.api_key)).rejects.toMatchObject({ statusCode: 401 });
    expect(calls.findActiveKey).toBe(1);
    // An expired key is not answered from the cache either.
    const other = await keys.issueAnonymousKey('demo');
    clock = new Date(new Date(other.expires_at).getTime() + 1);
    await expect(keys.resolve(other.api_key)).rejects.toMatchObject({ statusCode: 401 });
    expect(calls.findActiveKey).toBe(2);
  });

  it('is refused an unknown channel every time (unknown channel keys are not cached)', async () => {
    const { repo, calls } = countingRepo();
    const keys = createKeysService(repo);
    for (let i = 0; i < 2; i += 1) {
      await expect(keys.issueAnonymousKey('nope')).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(calls).toEqual({ findChannelByKey: 2, insertKey: 0, findActiveKey: 0 });
  });
});
