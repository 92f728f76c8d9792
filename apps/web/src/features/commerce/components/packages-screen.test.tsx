import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock';
import { demoOffers } from '../../../test/offer-fixtures';
import { renderWithApi } from '../../../test/render-with-api';
import { PackagesScreen } from './packages-screen';

afterEach(() => vi.unstubAllGlobals());

function renderPackages() {
  const { passes, plans } = demoOffers();
  renderWithApi(
    <MemoryRouter>
      <PackagesScreen />
    </MemoryRouter>,
    (url) => json(url.pathname === '/api/packages' ? passes : plans),
  );
}

const card = async (name: string) => screen.findByRole('article', { name: new RegExp(`^${name}`) });

describe('PackagesScreen', () => {
  it('labels one offer "Best value", the one that has every feature for least a month', async () => {
    renderPackages();
    const annual = await card('Annual All-Access');
    expect(screen.getAllByText('Best value')).toHaveLength(1);
    expect(within(annual).getByText('Best value')).toBeTruthy();
    expect(within(annual).getByText('That is $8.33 a month')).toBeTruthy();
    // The season pass keeps the premium look (highest price) but is not called best value.
    expect(within(await card('2026–27 Season Pass')).queryByText('Best value')).toBeNull();
  });

  it("says on each card which of the page's features it lacks", async () => {
    renderPackages();
    const season = await card('2026–27 Season Pass');
    const items = within(season)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Watch games',
      'Download games',
      'Not included: Cut clips',
      'Not included: Download clips',
      'Not included: No ads',
      'Replays and library',
    ]);
    const monthly = await card('Monthly All-Access');
    expect(within(monthly).getByText('Download games').textContent).toBe(
      'Not included: Download games',
    );
    expect(within(monthly).queryByText(/a month$/)).toBeNull();
  });
});
