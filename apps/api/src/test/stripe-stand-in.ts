import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the few Stripe API endpoints the adapter calls, so its tests run offline
 * through the real SDK (which takes host/port/protocol). It records every request with its
 * Idempotency-Key and answers with objects shaped like Stripe's.
 */

export interface StandInRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

const card = (last4 = '4242') => ({
  id: 'pm_card_visa',
  object: 'payment_method',
  type: 'card',
  card: { brand: 'visa', last4, exp_month: 12, exp_year: 2099, fingerprint: 'fp_visa' },
});

/**
 * Payment methods a test can name (Stripe's test ids), and how their SetupIntent ended when the
 * browser saved them: `pm_card_chargeCustomerFail` attaches but could never be charged, so its
 * set-up is left failed here. Any other id has no SetupIntent at all.
 */
const SAVED: Record<string, { brand: string; last4: string; fingerprint: string; ok: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', fingerprint: 'fp_visa', ok: true },
  pm_card_mastercard: {
    brand: 'mastercard',
    last4: '4444',
    fingerprint: 'fp_mastercard',
    ok: true,
  },
  pm_card_amex: { brand: 'amex', last4: '8431', fingerprint: 'fp_amex', ok: true },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', fingerprint: 'fp_0341', ok: false },
};

function setupIntentsOf(pm: string | null) {
  const saved = pm ? SAVED[pm] : undefined;
  if (!pm || !saved) return [];
  return [
    {
      id: `seti_${pm}`,
      object: 'setup_intent',
      status: saved.ok ? 'succeeded' : 'requires_payment_method',
      payment_method: {
        id: pm,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: saved.brand,
          last4: saved.last4,
          exp_month: 12,
          exp_year: 2099,
          fingerprint: saved.fingerprint,
        },
      },
    },
  ];
}

export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  const intents = new Map<string, string>();
  const refunds = new Map<string, string>();
  /** The account's balance transactions, as a test sets them (newest first, as Stripe lists). */
  const balance: { type: string; amount: number; fee: number; created: number; source: string }[] =
    [];
  let n = 0;
  const handlers: [
    string,
    RegExp,
    (m: RegExpMatchArray, p: URLSearchParams) => [number, unknown],
  ][] = [
    ['POST', /^\/v1\/customers$/, () => [200, { id: `cus_${++n}`, object: 'customer' }]],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      () => [200, { object: 'list', data: [card()], has_more: false, url: '/v1/payment_methods' }],
    ],
    [
      'GET',
      /^\/v1\/setup_intents$/,
      (_m, p) => [
        200,
        {
          object: 'list',
          data: setupIntentsOf(p.get('payment_method')),
          has_more: false,
          url: '/v1/setup_intents',
        },
      ],
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      () => [200, { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' }],
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, p) => {
        if (p.get('payment_method') === 'pm_card_chargeDeclined') {
          const error = {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
          };
          return [
            402,
            {
              error: {
                ...error,
                payment_intent: { id: `pi_declined_${++n}`, object: 'payment_intent' },
              },
            },
          ];
        }
        const id = `pi_${++n}`;
        // Stripe's test card that always asks for 3-D Secure.
        const status =
          p.get('payment_method') === 'pm_card_authenticationRequired'
            ? 'requires_action'
            : 'processing';
        intents.set(id, status);
        const metadata = Object.fromEntries(
          [...p.entries()].flatMap(([k, v]) =>
            k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [],
          ),
        );
        return [
          200,
          {
            id,
            object: 'payment_intent',
            status,
            client_secret: `${id}_secret`,
            metadata,
            payment_method: card(),
          },
        ];
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (m) => [
        200,
        {
          id: m[1],
          object: 'payment_intent',
          status: intents.get(m[1] ?? '') ?? 'processing',
          client_secret: `${m[1]}_secret`,
          metadata: {},
          latest_charge: null,
        },
      ],
    ],
    [
      'GET',
      /^\/v1\/(products|coupons)\/([^/]+)$/,
      () => [404, { error: { type: 'invalid_request_error', message: 'No such object' } }],
    ],
    [
      'POST',
      /^\/v1\/(products|coupons)$/,
      (m, p) => [200, { id: p.get('id'), object: m[1]?.slice(0, -1) }],
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_m, p) => {
        const trial = Number(p.get('trial_period_days') ?? 0);
        const end = Math.floor(Date.now() / 1000) + (trial || 30) * 86_400;
        return [
          200,
          {
            id: `sub_${++n}`,
            object: 'subscription',
            status: trial ? 'trialing' : 'active',
            trial_end: trial ? end : null,
            items: {
              object: 'list',
              data: [{ id: 'si_1', object: 'subscription_item', current_period_end: end }],
            },
            latest_invoice: { id: `in_${++n}`, object: 'invoice', status: 'paid' },
            default_payment_method: card(),
            cancel_at_period_end: false,
          },
        ];
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, p) => [
        200,
        {
          id: m[1],
          object: 'subscription',
          cancel_at_period_end: p.get('cancel_at_period_end') === 'true',
        },
      ],
    ],
    [
      // A plan's first payment: an invoice paid by one PaymentIntent (the refund goes to it).
      'GET',
      /^\/v1\/invoices\/([^/]+)$/,
      (m) => [
        200,
        {
          id: m[1],
          object: 'invoice',
          status: 'paid',
          payments: {
            object: 'list',
            data: [
              {
                id: `inpay_${m[1]}`,
                object: 'invoice_payment',
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: `pi_of_${m[1]}` },
              },
            ],
            has_more: false,
            url: `/v1/invoices/${m[1]}/payments`,
          },
        },
      ],
    ],
    [
      // Refunds: a PaymentIntent refunded once; asking again under another key is refused.
      'POST',
      /^\/v1\/refunds$/,
      (_m, p) => {
        const pi = p.get('payment_intent') ?? '';
        const done = refunds.get(pi);
        if (done) {
          const error = {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge for ${pi} has already been refunded.`,
          };
          return [400, { error }];
        }
        const refund = {
          id: `re_${++n}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(p.get('amount')),
          payment_intent: pi,
        };
        refunds.set(pi, refund.id);
        return [200, refund];
      },
    ],
    [
      'GET',
      /^\/v1\/balance_transactions$/,
      (_m, p) => {
        const gte = Number(p.get('created[gte]') ?? 0);
        const lt = Number(p.get('created[lt]') ?? Infinity);
        const data = balance
          .filter((b) => b.created >= gte && b.created < lt)
          .map((b, i) => ({
            id: `txn_${i + 1}`,
            object: 'balance_transaction',
            currency: 'cad',
            status: b.type === 'payout' ? 'pending' : 'available',
            available_on: b.created + 2 * 86_400,
            ...b,
          }));
        return [200, { object: 'list', data, has_more: false, url: '/v1/balance_transactions' }];
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      () => [
        200,
        {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/session',
        },
      ],
    ],
  ];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      const key = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      for (const [method, pattern, handle] of handlers) {
        const m = url.pathname.match(pattern);
        if (method !== req.method || !m) continue;
        const [status, json] = handle(m, params);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
        res.end(JSON.stringify(json));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown path' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    balance,
    /** What Stripe will say about a payment from now on. */
    settle: (id: string, status: 'succeeded' | 'requires_payment_method') =>
      intents.set(id, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
