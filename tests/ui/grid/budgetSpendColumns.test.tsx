// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { BudgetReport } from '../../../src/domain/budgets';
import { projectedColumn, spendColumn, varianceColumn } from '../../../src/ui/grid/budgetSpendColumns';

afterEach(cleanup);

type Row = { report: BudgetReport };

function rowOf(projected: number | null): Row {
  const totals = {
    budget: 1200,
    budgetToDate: 300,
    actualToDate: 250.5,
    variance: -49.5,
    variancePct: -16.5,
    projected,
  };
  return { report: { months: [], throughMonth: '2025-03', missingMonths: [], spend: totals, usage: totals } };
}

function textOf(node: ReturnType<ReturnType<typeof spendColumn<Row>>['render']>): string {
  return render(<>{node}</>).container.textContent ?? '';
}

describe('budget spend columns', () => {
  it('show the spend figures as money, right-aligned, under the header given', () => {
    const column = spendColumn<Row>('actualToDate', 'Actual to Date');
    expect(column).toMatchObject({ key: 'actualToDate', header: 'Actual to Date', isNumeric: true });
    expect(textOf(column.render(rowOf(null)))).toBe('$250.50');
  });

  it('show the projection, or N/A before there is one', () => {
    const column = projectedColumn<Row>();
    expect(textOf(column.render(rowOf(1002)))).toBe('$1,002.00');
    cleanup();
    expect(textOf(column.render(rowOf(null)))).toBe('N/A');
  });

  it('name the variance column as the table asks', () => {
    expect(varianceColumn<Row>('Variance to Date')).toMatchObject({
      key: 'variance',
      header: 'Variance to Date',
    });
  });
});
