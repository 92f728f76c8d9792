import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { DEMO_ADMIN_EMAIL, demoAdminPassword, ensureDemoAdmin } from './demo-admin.js';
import { seedDemoChannel } from './demo-channel.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoChannel(database.db);
});
afterAll(() => database.close());

describe('the demo channel admin', () => {
  it('is created once when several processes start together, and each of them starts', async () => {
    const secret = 'a-secret-for-this-test';
    const results = await Promise.all([1, 2, 3].map(() => ensureDemoAdmin(database.db, secret)));
    for (const result of results) {
      expect(result).toEqual({ email: DEMO_ADMIN_EMAIL, password: demoAdminPassword(secret) });
    }
    const rows = await database.db
      .selectFrom('users')
      .select(['role'])
      .where('email', '=', DEMO_ADMIN_EMAIL)
      .execute();
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  it('stops printing the password once the operator has changed it', async () => {
    await database.db
      .updateTable('users')
      .set({ password_hash: 'changed' })
      .where('email', '=', DEMO_ADMIN_EMAIL)
      .execute();
    expect(await ensureDemoAdmin(database.db, 'a-secret-for-this-test')).toEqual({
      email: DEMO_ADMIN_EMAIL,
      password: null,
    });
  });
});
