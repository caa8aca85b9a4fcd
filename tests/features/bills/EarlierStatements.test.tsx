// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { earlierStatementsOf } from '../../../src/domain/bills';
import { EarlierStatements } from '../../../src/features/bills/EarlierStatements';

afterEach(cleanup);

const first = {
  invoiceDate: '2026-02-03',
  invoiceNumber: 'INV-1',
  readDateFrom: '2026-01-01',
  readDateTo: '2026-01-31',
  totalNewCharges: 150.25,
  amountDue: 150.25,
};

describe('earlier statements of a re-issued bill', () => {
  it('keeps the replaced statement first, then those it had replaced', () => {
    const once = earlierStatementsOf({ ...first, earlierStatements: [] }, '2026-02-10T09:00:00.000Z');
    const twice = earlierStatementsOf(
      { ...first, invoiceNumber: 'INV-2', totalNewCharges: 175.8, earlierStatements: once },
      '2026-03-01T09:00:00.000Z',
    );
    expect(twice.map((one) => [one.invoiceNumber, one.totalNewCharges, one.replacedAt])).toEqual([
      ['INV-2', 175.8, '2026-03-01T09:00:00.000Z'],
      ['INV-1', 150.25, '2026-02-10T09:00:00.000Z'],
    ]);
  });

  it('shows no panel for a bill that re-issued nothing, and a table of what was billed before otherwise', () => {
    const { container } = render(<EarlierStatements statements={[]} />);
    expect(container.innerHTML).toBe('');
    render(<EarlierStatements statements={earlierStatementsOf(first, '2026-02-10T09:00:00.000Z')} />);
    const region = screen.getByRole('region', { name: 'Earlier statements' });
    const cells = within(region)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('INV-1');
    expect(cells).toContain('$150.25');
  });
});
