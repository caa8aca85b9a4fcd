// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { toAccountListRows } from '../../../src/db/queries/accountPages';
import type { AccountDetail } from '../../../src/db/queries/accountPages';
import type { AccountRow } from '../../../src/db/rows';
import { AccountInfo } from '../../../src/features/accounts/AccountSummary';
import { accountRow, locationRow } from '../../helpers/localRows';

afterEach(cleanup);

const location = locationRow({ id: 'l-1', name: 'Austin Store' });

function renderInfo(account: AccountRow) {
  const [row] = toAccountListRows([account], [location], []);
  if (!row) throw new Error('no grid row');
  const detail: AccountDetail = { account, location, row, meters: [], bills: [], company: null, queued: {} };
  render(
    <MemoryRouter>
      <AccountInfo detail={detail} />
    </MemoryRouter>,
  );
  return screen.getByText('Vendor').nextElementSibling?.textContent;
}

describe('AccountInfo', () => {
  it('shows the account’s vendor', () => {
    expect(renderInfo(accountRow({ id: 'a-1', locationId: 'l-1', vendorName: 'Lone Star Power' }))).toBe(
      'Lone Star Power',
    );
  });

  it('shows N/A for an account stored before vendor names were synced', () => {
    const { vendorName: _dropped, ...stored } = accountRow({ id: 'a-2', locationId: 'l-1' });
    expect(renderInfo(stored as AccountRow)).toBe('N/A');
  });
});
