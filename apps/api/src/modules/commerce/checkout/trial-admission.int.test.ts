import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailClaimSql,
  sandboxFingerprintSql,
} from '../../../db/migrations/0006-commerce-safety.js';
import type { TestContext } from '../../../test/test-app.js';
import {
  CARDS,
  card,
  commerceApp,
  kit,
  SETUP_TIMEOUT_MS,
} from '../../../test/commerce-test-kit.js';
import { fingerprintOf } from '../providers/sandbox-cards.js';
import { emailClaim } from './trial-claims.js';

/*
 * The attack: a throwaway account takes the 7-day trial with a card that can never be charged,
 * again and again. Now a trial needs a verified email, a card that passes the set-up, and neither
 * may have had a trial on this channel before.
 */
let t: TestContext;
let k: ReturnType<typeof kit>;
let monthly: number;
beforeAll(async () => {
  const app = await commerceApp();
  t = app.t;
  k = kit(t, app.clock);
  monthly = await k.subscriptionId('month');
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const startTrial = (apiKey: string, payment: Record<string, unknown>) =>
  k.post('/api/stripe/subscription/start_trial', apiKey, { subscription_id: monthly, ...payment });

/** What a refused trial must not leave behind. */
async function expectNothingStored(userId: number) {
  const db = t.database.db;
  const count = async (table: 'orders' | 'user_subscriptions' | 'trial_claims' | 'sandbox_cards') =>
    (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
  expect(await count('orders')).toBe(0);
  expect(await count('user_subscriptions')).toBe(0);
  expect(await count('trial_claims')).toBe(0);
  expect(await count('sandbox_cards')).toBe(0);
  const user = await db
    .selectFrom('users')
    .select('trial_period_used')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(user.trial_period_used).toBe(false);
}

describe('free trials', () => {
  it('are refused to an account whose email is not verified (403 email_not_verified)', async () => {
    const { apiKey, userId } = await k.user();
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', userId)
      .execute();
    const res = await startTrial(apiKey, { card: card(CARDS.ok) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'email_not_verified',
      message: 'Verify your email address to start the free trial: open the link we sent you.',
    });
    await expectNothingStored(userId);
    // Buying the plan outright needs no trial and stays open to them.
    const bought = await k.post('/api/stripe/buy', apiKey, {
      subscription_id: monthly,
      card: card(CARDS.ok),
    });
    expect(bought.statusCode).toBe(200);
  });

  it('fail the set-up with the "fails later" card, typed or saved, and store nothing', async () => {
    const { apiKey, userId } = await k.user();
    const typed = await startTrial(apiKey, { card: card(CARDS.failsLater) });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ code: 'trial_card_declined' });
    await expectNothingStored(userId);
    for (const number of [CARDS.declined, '4000 0000 0000 9995']) {
      const declined = await startTrial(apiKey, { card: card(number) });
      expect(declined.json()).toMatchObject({ code: 'trial_card_declined' });
    }

    const saver = await k.user();
    const saved = await k.post('/api/stripe/setup-intent', saver.apiKey, {
      card: card(CARDS.failsLater),
    });
    const cardId = saved.json<{ card: { id: string } }>().card.id;
    const withSaved = await startTrial(saver.apiKey, { payment_method_id: cardId });
    expect(withSaved.statusCode).toBe(400);
    expect(withSaved.json()).toMatchObject({ code: 'trial_card_declined' });
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', saver.userId)
      .execute();
    expect(orders).toEqual([]);
  });

  it('are given once per card: a second account with the same card is refused', async () => {
    const first = await k.user();
    const given = await startTrial(first.apiKey, { card: card(CARDS.ok) });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ order: { status: 'paid', amount: 0 } });

    const second = await k.user();
    const sameCard = await startTrial(second.apiKey, { card: card(CARDS.ok) });
    expect(sameCard.statusCode).toBe(400);
    expect(sameCard.json()).toEqual({
      code: 'trial_card_used',
      message: 'This card has already been used for a free trial.',
    });
    await expectNothingStored(second.userId);
    // The same card saved first is the same card.
    const saved = await k.post('/api/stripe/setup-intent', second.apiKey, { card: card(CARDS.ok) });
    const savedCard = await startTrial(second.apiKey, {
      payment_method_id: saved.json<{ card: { id: string } }>().card.id,
    });
    expect(savedCard.json()).toMatchObject({ code: 'trial_card_used' });
    // Another card of theirs is fine.
    const other = await startTrial(second.apiKey, { card: card('3782 822463 10005') });
    expect(other.statusCode).toBe(200);
    // Another channel keeps its own trials.
    const abroad = await k.user({ channelKey: 'other-league', channelId: t.otherChannelId });
    const otherMonthly = (await t.get('/api/subscriptions', { api_key: abroad.apiKey })).json<
      { id: number; period: string }[]
    >()[0]?.id;
    const there = await k.post('/api/stripe/subscription/start_trial', abroad.apiKey, {
      subscription_id: otherMonthly,
      card: card(CARDS.ok),
    });
    expect(there.statusCode).toBe(200);
  });

  it('are given once per email: not again after deleting the account, nor to a +tag address', async () => {
    const email = `Trial.Taker-${Date.now()}@example.test`;
    const first = await k.user({ email });
    expect((await startTrial(first.apiKey, { card: card(CARDS.threeDs) })).statusCode).toBe(200);
    // The account is deleted (its claims stay, without it) and registered again.
    await t.database.db.deleteFrom('users').where('id', '=', first.userId).execute();
    const again = await k.user({ email: email.toLowerCase() });
    const res = await startTrial(again.apiKey, { card: card('5555 5555 5555 4444') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'trial_already_used' });
    await expectNothingStored(again.userId);
    const tagged = await k.user({ email: email.replace('@', '+again@') });
    const byTag = await startTrial(tagged.apiKey, { card: card('5555 5555 5555 4444') });
    expect(byTag.json()).toMatchObject({ code: 'trial_already_used' });
  });

  it('migration 0006 derives the claims and fingerprints the code does (it backfills them)', async () => {
    const email = ' Some.One+promo@GoogleMail.com ';
    const { rows } = await sql<{ email: string; card: string }>`select ${sql.raw(
      emailClaimSql(`'${email}'`),
    )} as email, ${sql.raw(sandboxFingerprintSql("'4242424242424242'"))} as card`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({
      email: emailClaim(email),
      card: fingerprintOf('4242424242424242'),
    });
  });
});
