import type { AdminRevenue } from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../../test/auth-fixtures';
import { json } from '../../../../test/fetch-mock';
import { renderWithApi } from '../../../../test/render-with-api';
import '../../../../locales/admin-revenue';
import { RevenueScreen } from './revenue-screen';

const sums = { currency: 'CAD' as const, orders: 2, fee_cents: 500, refund_cents: 15_499 };
const REVENUE: AdminRevenue = {
  from: '2026-01-01',
  to: '2026-12-02',
  group: 'month',
  time_zone: 'America/Toronto',
  totals: [{ ...sums, gross_cents: 30_998, discount_cents: 0, net_cents: 15_499 }],
  by_period: [
    { ...sums, period: '2026-12-01', gross_cents: 30_998, discount_cents: 0, net_cents: 15_499 },
  ],
  by_product: [
    {
      ...sums,
      product_type: 'package',
      product_id: 3,
      name: 'Season pass',
      gross_cents: 30_998,
      net_cents: 15_499,
    },
  ],
  by_game: [],
  payouts: {
    available: false,
    reason: 'sandbox',
    charges_cents: 0,
    stripe_fee_cents: 0,
    refunds_cents: 0,
    payouts: [],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('Revenue', () => {
  it('shows the totals and breakdowns the API sums, and asks again for another grouping', async () => {
    const fetch = renderWithApi(<RevenueScreen />, (url) =>
      url.pathname === '/api/admin/revenue' ? json(REVENUE) : json({}, 404),
    );
    const product = await screen.findByRole('table', { name: 'By product' });
    const row = within(product).getByRole('row', { name: /Season pass/ });
    expect(row.textContent).toContain('$309.98');
    expect(row.textContent).toContain('$154.99');
    expect(screen.getByText(/America\/Toronto/)).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: /By game/ })).getByText('Nothing in this range.'),
    ).toBeTruthy();
    expect(screen.getByText(/sandbox, which pays nothing out/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('By'), 'day');
    await waitFor(() =>
      expect(
        callsTo(fetch, '/api/admin/revenue').some((c) => c.url.searchParams.get('group') === 'day'),
      ).toBe(true),
    );
  });
});
