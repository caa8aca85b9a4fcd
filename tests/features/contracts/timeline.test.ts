import { describe, expect, it } from 'vitest';
import { timelineLayout } from '../../../src/features/contracts/timeline';
import { filterContracts, NO_CONTRACT_FILTERS } from '../../../src/features/contracts/contractColumns';
import type { ContractListRow } from '../../../src/db/queries/contracts';
import { draftOfInput, EMPTY_DRAFT, inputOfDraft } from '../../../src/features/contracts/contractDraft';

const item = (id: string, serviceType: string, startDate: string, endDate: string) => ({
  id,
  serviceType,
  startDate,
  endDate,
});

describe('timelineLayout', () => {
  it('spans the earliest start to the latest end, with today, yearly ticks and bars in percent', () => {
    const layout = timelineLayout(
      [item('a', 'electric', '2024-01-01', '2024-12-31'), item('b', 'electric', '2025-01-01', '2025-12-31')],
      '2025-01-01',
    );
    expect(layout.lanes).toHaveLength(1);
    // An extension right after its predecessor shares its row.
    expect(layout.lanes[0]?.rows).toHaveLength(1);
    const [first, second] = layout.lanes[0]?.rows[0] ?? [];
    expect(first?.left).toBe(0);
    expect((first?.width ?? 0) + (second?.width ?? 0)).toBeCloseTo(100);
    expect(layout.todayAt).toBeCloseTo(second?.left ?? -1);
    expect(layout.ticks).toEqual([{ label: '2025', at: second?.left }]);
  });

  it('puts overlapping contracts of a service on rows of their own and services in the spec order', () => {
    const layout = timelineLayout(
      [
        item('gas', 'natural_gas', '2025-01-01', '2025-12-31'),
        item('e1', 'electric', '2025-01-01', '2025-12-31'),
        item('e2', 'electric', '2025-06-01', '2026-05-31'),
      ],
      '2025-03-01',
    );
    expect(layout.lanes.map((lane) => lane.serviceType)).toEqual(['electric', 'natural_gas']);
    expect(layout.lanes[0]?.rows.map((row) => row.map((bar) => bar.item.id))).toEqual([['e1'], ['e2']]);
  });

  it('keeps today inside the window when every contract is in the past', () => {
    const layout = timelineLayout([item('a', 'water', '2020-01-01', '2020-12-31')], '2022-01-01');
    expect(layout.todayAt).toBeGreaterThan(99);
    expect(layout.ticks.map((tick) => tick.label)).toEqual(['2021', '2022']);
  });

  it('draws nothing for no contracts', () => {
    expect(timelineLayout([], '2025-01-01')).toEqual({ lanes: [], todayAt: 0, ticks: [] });
  });
});

describe('filterContracts', () => {
  const row = (id: string, status: string, serviceType: string, vendorName: string, linked: string[]) =>
    ({
      contract: { id, serviceType, vendorName },
      status,
      linkedLocationIds: linked,
    }) as unknown as ContractListRow;
  const rows = [row('1', 'Active', 'electric', 'A', ['s1']), row('2', 'Expired', 'water', 'B', ['s2'])];

  it.each([
    [{}, ['1', '2']],
    [{ status: 'Expired' }, ['2']],
    [{ service: 'electric' }, ['1']],
    [{ vendor: 'B' }, ['2']],
    [{ locationId: 's1' }, ['1']],
    [{ status: 'Active', vendor: 'B' }, []],
  ])('filters by %j', (filters, ids) => {
    expect(filterContracts(rows, { ...NO_CONTRACT_FILTERS, ...filters }).map((r) => r.contract.id)).toEqual(
      ids,
    );
  });
});

describe('contract drafts', () => {
  it('reads blank optional fields as null, money text as a number, and round-trips a contract', () => {
    const input = inputOfDraft({ ...EMPTY_DRAFT, vendorName: 'X', contractRate: '$1,200.5', termMonth: '' });
    expect(input).toMatchObject({
      contractRate: 1200.5,
      termMonth: null,
      contractSignDate: null,
      contractRateType: 0,
    });
    expect(inputOfDraft(draftOfInput(input))).toEqual(input);
    expect(Number.isNaN(inputOfDraft({ ...EMPTY_DRAFT, contractRate: 'abc' }).contractRate)).toBe(true);
  });
});
