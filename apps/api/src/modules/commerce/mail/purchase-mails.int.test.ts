import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Settings } from '@rudy/contracts';
import type { TestContext } from '../../../test/test-app.js';
import {
  CARDS,
  card,
  commerceApp,
  kit,
  SETUP_TIMEOUT_MS,
} from '../../../test/commerce-test-kit.js';

/*
 * The mail a paying viewer gets, end to end below the worker's timer: orders paid, renewed,
 * failed, cancelled and refunded through the sandbox provider; the purchase-mail pass sends
 * through a real SMTP server on loopback (smtp-server) and the test reads each mail as a client
 * would (mailparser): headers, both languages, exactly once.
 */

const SMTP_PORT = 4601;
const DAY = 86_400_000;
const received: ParsedMail[] = [];
/** How many more mails the server takes before it refuses (a server or worker going away). */
let acceptLeft = Infinity;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        if (acceptLeft <= 0) return callback(new Error('451 try again later'));
        acceptLeft--;
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});

let t: TestContext;
let k: ReturnType<typeof kit>;
let clock: { ms: number };
let channelName = '';
/** The channel's time zone, in which its mails give dates. */
let timeZone = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
  const app = await commerceApp({
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'Demo League <billing@example.test>',
  });
  t = app.t;
  clock = app.clock;
  k = kit(t, clock);
  const settings = await t.get('/api/settings', { api_key: await t.apiKey() });
  ({ channel_name: channelName, time_zone: timeZone } = settings.json<Settings>());
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

const to = (address: string) =>
  received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === address));
const send = () => t.app.commerce.mail.runOnce();
const french = (userId: number) =>
  t.database.db.updateTable('users').set({ language: 'fr' }).where('id', '=', userId).execute();

describe('purchase mails', () => {
  it('sends one receipt per purchase, with items, fees, card, order id and channel', async () => {
    const { apiKey, email } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    // Two passes side by side, then another: still one mail.
    await Promise.all([send(), send()]);
    await send();
    const mails = to(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Your receipt for order #${bought.order.id} · ${channelName}`);
    expect(mail?.from?.value[0]).toMatchObject({
      name: 'Demo League',
      address: 'billing@example.test',
    });
    expect(mail?.headers.get('message-id')).toBeTruthy();
    const order = await t.database.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.amount_cents', 'order_items.fee_cents', 'orders.currency'])
      .where('order_id', '=', bought.order.id)
      .executeTakeFirstOrThrow();
    expect(order.fee_cents).toBeGreaterThan(0);
    const $ = (c: number) => `$${(c / 100).toFixed(2)} ${order.currency}`;
    const text = mail?.text ?? '';
    expect(text).toMatch(/Season/);
    expect(text).toContain(`: ${$(order.amount_cents - order.fee_cents)}`);
    expect(text).toContain(`Service fees: ${$(order.fee_cents)}`);
    expect(text).toContain(`Total charged: ${$(order.amount_cents)}`);
    expect(text).toContain(`Order #${bought.order.id}`);
    expect(text).toContain('Visa •••• 4242');
    expect(text).toContain(channelName);
    expect(mail?.html).toContain(`<html lang="en">`);
    expect(mail?.html).toContain('Visa •••• 4242');
  });

  it('speaks French to a French viewer', async () => {
    const { apiKey, email, userId } = await k.user();
    await french(userId);
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    await send();
    const [mail] = to(email);
    expect(mail?.subject).toBe(
      `Votre reçu pour la commande no ${bought.order.id} · ${channelName}`,
    );
    expect(mail?.text).toMatch(/Frais de service : |Frais de service: /);
    expect(mail?.text).toMatch(/Total payé: \d+,\d\d \$ CA/);
    expect(mail?.html).toContain(`<html lang="fr">`);
  });

  it('sends a receipt for each renewal, charged to the card of the first payment', async () => {
    const { apiKey, email, userId } = await k.user();
    const first = await k.buy(apiKey, {
      subscription_id: await k.subscriptionId('month'),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    const paid = await k.order(apiKey, first.order.id);
    await k.advance(new Date(paid.period_end ?? 0).getTime() - clock.ms - 30 * 60_000);
    await k.advance(2_000);
    await send();
    const renewal = await t.database.db
      .selectFrom('orders')
      .select(['id', 'amount_cents'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'subscription_renewal')
      .executeTakeFirstOrThrow();
    const mails = to(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your receipt for order #${first.order.id} · ${channelName}`,
      expect.stringMatching(/^Receipt: .+ renewed · /),
    ]);
    expect(mails[1]?.text).toContain(`Order #${renewal.id}`);
    expect(mails[1]?.text).toContain('Visa •••• 4242');
    expect(mails[1]?.text).toContain(`Total charged: $${(renewal.amount_cents / 100).toFixed(2)}`);
  });

  it('reminds a trial days before its first charge, with the date, amount and how to cancel', async () => {
    const { apiKey, email, userId } = await k.user();
    await french(userId);
    const started = await k.buy(
      apiKey,
      { subscription_id: await k.subscriptionId('month'), card: card(CARDS.ok) },
      '/api/stripe/subscription/start_trial',
    );
    await send();
    expect(to(email).map((m) => m.subject)).toEqual([
      `Votre reçu pour la commande no ${started.order.id} · ${channelName}`,
    ]);
    expect(to(email)[0]?.text).toMatch(/Votre essai gratuit dure jusqu’au /);
    received.length = 0;
    // Not yet: the trial ends in 7 days, the reminder goes 3 days before.
    await k.advance(3 * DAY);
    await send();
    expect(to(email)).toHaveLength(0);
    await k.advance(DAY + 60_000);
    await send();
    await send();
    const mails = to(email);
    expect(mails).toHaveLength(1);
    const chain = await t.database.db
      .selectFrom('user_subscriptions')
      .select('trial_end')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // The day in the channel's time zone, as its viewers read it: in UTC, a trial that ends after
    // midnight UTC but before midnight in the channel would be a day late.
    const date = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone }).format(
      new Date(chain.trial_end ?? 0),
    );
    expect(mails[0]?.subject).toBe(`Votre essai gratuit se termine le ${date} · ${channelName}`);
    expect(mails[0]?.text).toMatch(/débitée de 12,99 \$ CA/);
    expect(mails[0]?.text).toMatch(/désactivez le renouvellement automatique/);
    expect(mails[0]?.text).toContain('/profile/passes');
  });

  it('tells of a failed renewal with a link to fix the card, once', async () => {
    const { apiKey, email, userId } = await k.user();
    await k.buy(
      apiKey,
      { subscription_id: await k.subscriptionId('month'), card: card('5555 5555 5555 4444') },
      '/api/stripe/subscription/start_trial',
    );
    await t.database.db
      .updateTable('sandbox_cards')
      .set({ behavior: 'fail_later' })
      .where('user_id', '=', userId)
      .execute();
    await k.advance(7 * DAY - 30 * 60_000);
    await k.advance(2_000);
    await send();
    const failed = to(email).filter((m) => /failed/.test(m.subject ?? ''));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.subject).toMatch(/^Your payment for .+ failed · /);
    expect(failed[0]?.text).toMatch(/Update my card: https?:\/\/\S+\/profile\/passes/);
  });

  it('confirms a cancellation once, even for a double click', async () => {
    const { apiKey, email } = await k.user();
    const first = await k.buy(apiKey, {
      subscription_id: await k.subscriptionId('month'),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    const clicks = await Promise.all(
      [1, 2, 3].map(() => k.post('/api/stripe/unsubscribe', apiKey, { order_id: first.order.id })),
    );
    expect(clicks.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    await send();
    const cancelled = to(email).filter((m) => /will not renew/.test(m.subject ?? ''));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.text).toMatch(/nothing more will be charged\. You keep access until /);
  });

  it('confirms a refund, and the worker dying mid-way neither loses nor doubles a mail', async () => {
    const { apiKey, email } = await k.user();
    const bought = await k.buy(apiKey, {
      package_id: await k.passId(/Season/),
      card: card(CARDS.ok),
    });
    await k.advance(2_000);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['provider_ref', 'amount_cents', 'currency'])
      .where('id', '=', bought.order.id)
      .executeTakeFirstOrThrow();
    await t.app.commerce.sandbox?.refund({
      ref: row.provider_ref ?? '',
      amountCents: row.amount_cents,
      currency: row.currency,
      idempotencyKey: `test-refund:${bought.order.id}`,
    });
    await k.advance(0);
    // The server takes the receipt, then refuses: the pass dies between the two mails.
    acceptLeft = 1;
    await expect(send()).rejects.toThrow(/451/);
    expect(to(email)).toHaveLength(1);
    acceptLeft = Infinity;
    await send();
    await send();
    expect(to(email).map((m) => m.subject)).toEqual([
      `Your receipt for order #${bought.order.id} · ${channelName}`,
      `Refund of order #${bought.order.id} · ${channelName}`,
    ]);
    expect(to(email)[1]?.text).toContain(
      `We have refunded $${(row.amount_cents / 100).toFixed(2)} ${row.currency} for order #${bought.order.id} to your card Visa •••• 4242`,
    );
  });
});
