import { describe, expect, it } from 'vitest';
import type { KeysRepository } from './keys.repository.js';
import { createKeysService } from './keys.service.js';

/** An in-memory repository that counts its calls (what an arriving viewer costs the database). */
function countingRepo() {
  const calls = { findChannelByKey: 0, insertKey: 0 };
  const repo = {
    findChannelByKey: (key: string) => {
      calls.findChannelByKey += 1;
      return Promise.resolve(key === 'demo' ? { id: 7, key: 'demo' } : undefined);
    },
    insertKey: () => {
      calls.insertKey += 1;
      return Promise.resolve();
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
    expect(calls).toEqual({ findChannelByKey: 1, insertKey: 2 });
  });

  it('is refused an unknown channel every time (unknown channel keys are not cached)', async () => {
    const { repo, calls } = countingRepo();
    const keys = createKeysService(repo);
    for (let i = 0; i < 2; i += 1) {
      await expect(keys.issueAnonymousKey('nope')).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(calls).toEqual({ findChannelByKey: 2, insertKey: 0 });
  });
});
