// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AccountRow } from '../../../src/db/rows';
import { AccountsList } from '../../../src/features/locations/LocationLists';
import { accountRow } from '../../helpers/localRows';

afterEach(cleanup);

describe('AccountsList', () => {
  it('shows each account’s vendor, and N/A for a row stored before vendor names were synced', () => {
    const { vendorName: _dropped, ...stored } = accountRow({
      id: 'a-2',
      locationId: 'l-1',
      accountNumber: '200',
    });
    const accounts: AccountRow[] = [
      accountRow({ id: 'a-1', locationId: 'l-1', accountNumber: '100', vendorName: 'Lone Star Power' }),
      stored as AccountRow,
    ];
    render(
      <MemoryRouter>
        <AccountsList accounts={accounts} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Accounts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const vendor = headers.indexOf('Vendor');
    expect(vendor).toBeGreaterThan(0);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells.map((row) => [row[0], row[vendor]])).toEqual([
      ['100', 'Lone Star Power'],
      ['200', 'N/A'],
    ]);
  });
});
