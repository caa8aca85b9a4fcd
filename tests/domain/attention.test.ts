import { describe, expect, it } from 'vitest';
import {
  ATTENTION_ALERT_STATUSES,
  EXPIRING_WITHIN_DAYS,
  anomalyReason,
  attentionItems,
} from '../../src/domain/attention';
import type {
  AttentionAlert,
  AttentionBill,
  AttentionContract,
  AttentionInput,
} from '../../src/domain/attention';

const TODAY = '2026-03-15';

function bill(overrides: Partial<AttentionBill> = {}): AttentionBill {
  return {
    billId: 'b1',
    billMonth: '2026-02',
    isInvoiceMissing: true,
    accountId: 'a1',
    accountNumber: '1001',
    accountServices: 'electric,water',
    locationId: 'l1',
    locationName: 'Store 1',
    ...overrides,
  };
}

function alert(overrides: Partial<AttentionAlert> = {}): AttentionAlert {
  return {
    alertId: 'al1',
    status: 'open',
    serviceType: 'natural_gas',
    billId: 'b9',
    billMonth: '2026-02',
    accountId: 'a1',
    accountNumber: '1001',
    locationId: 'l1',
    locationName: 'Store 1',
    lateFee: 12.5,
    ...overrides,
  };
}

function contract(overrides: Partial<AttentionContract> = {}): AttentionContract {
  return {
    linkId: 'cl1',
    contractId: 'c1',
    serviceType: 'electric',
    vendorName: 'Bright Power',
    endDate: '2026-04-24',
    isExtended: false,
    locationId: 'l1',
    locationName: 'Store 1',
    ...overrides,
  };
}

function input(overrides: Partial<AttentionInput> = {}): AttentionInput {
  return { latestBillMonth: '2026-02', bills: [], alerts: [], contracts: [], ...overrides };
}

const options = { contracts: true, today: TODAY };

describe('anomalyReason', () => {
  it.each([
    [{ lateFee: 5 }, 'late fee'],
    [{ lateFee: 0, variancePercentageUsageYoY: 140 }, 'variance over 100 %'],
    [{ chargeVarianceMoM: 10, usageVarianceMoM: 20 }, 'several variances'],
  ])('names the reason of %o', (variances, reason) => {
    expect(anomalyReason(variances)).toBe(reason);
  });
});

describe('attentionItems: missing invoices', () => {
  it.each([
    ['the latest month', '2026-02', true],
    ['the first month of the window', '2025-03', true],
    ['a month before the window', '2025-02', false],
    ['a full date in the window', '2025-06-01', true],
    ['text that is no month', 'soon', false],
  ])('includes a missing invoice of %s: %s → %s', (_, billMonth, shown) => {
    const items = attentionItems(input({ bills: [bill({ billMonth })] }), options);
    expect(items.length).toBe(shown ? 1 : 0);
  });

  it('skips bills whose invoice is not missing', () => {
    expect(attentionItems(input({ bills: [bill({ isInvoiceMissing: false })] }), options)).toEqual([]);
  });

  it('lists nothing from bills when the scope has no bills', () => {
    expect(attentionItems(input({ latestBillMonth: null, bills: [bill()] }), options)).toEqual([]);
  });

  it('describes the item with its first service, account, location and month', () => {
    const [item] = attentionItems(input({ bills: [bill()] }), options);
    expect(item).toEqual({
      id: 'missingInvoice:b1',
      type: 'missingInvoice',
      locationId: 'l1',
      locationName: 'Store 1',
      accountId: 'a1',
      accountNumber: '1001',
      billId: 'b1',
      alertId: null,
      contractId: null,
      billMonth: '2026-02',
      serviceType: 'electric',
      daysTillExpire: null,
      text: 'Missing invoice: Electricity account 1001 at Store 1, Feb 2026',
    });
  });

  it('writes an account without services as just its number', () => {
    const [item] = attentionItems(input({ bills: [bill({ accountServices: ' ' })] }), options);
    expect(item?.serviceType).toBeNull();
    expect(item?.text).toBe('Missing invoice: account 1001 at Store 1, Feb 2026');
  });

  it('orders newest month first, then by location, account and bill', () => {
    const bills = [
      bill({ billId: 'x1', billMonth: '2025-12', locationName: 'A' }),
      bill({ billId: 'x2', billMonth: '2026-01', locationName: 'B', accountNumber: '2' }),
      bill({ billId: 'x3', billMonth: '2026-01', locationName: 'B', accountNumber: '1' }),
      bill({ billId: 'x4', billMonth: '2026-01', locationName: 'A' }),
      bill({ billId: 'x0', billMonth: '2026-01', locationName: 'A' }),
    ];
    const ids = attentionItems(input({ bills }), options).map((item) => item.billId);
    expect(ids).toEqual(['x0', 'x4', 'x3', 'x2', 'x1']);
  });
});

describe('attentionItems: bill anomalies', () => {
  it.each(ATTENTION_ALERT_STATUSES.map((status) => [status]))(
    'lists an anomaly whose alert is %s',
    (status) => {
      expect(attentionItems(input({ alerts: [alert({ status })] }), options)).toHaveLength(1);
    },
  );

  it.each([['closed'], ['good'], ['closed with savings'], ['closed - public'], ['Open']])(
    'leaves out an alert that is %s',
    (status) => {
      expect(attentionItems(input({ alerts: [alert({ status })] }), options)).toEqual([]);
    },
  );

  it.each([
    ['a late fee', { lateFee: 3 }, true],
    ['two variances', { lateFee: null, chargeVarianceMoM: 4, usageVarianceYoY: -2 }, true],
    ['one variance', { lateFee: null, chargeVarianceMoM: 4 }, false],
    ['a variance over 100 %', { lateFee: null, variancePercentageChargeMoM: 101 }, true],
    ['a variance of exactly 100 %', { lateFee: null, variancePercentageChargeMoM: 100 }, false],
  ] as const)('applies isBillAnomaly: %s', (_, variances, shown) => {
    const items = attentionItems(input({ alerts: [alert({ ...variances })] }), options);
    expect(items.length).toBe(shown ? 1 : 0);
  });

  it('leaves out an anomaly of a bill before the window', () => {
    expect(attentionItems(input({ alerts: [alert({ billMonth: '2025-01' })] }), options)).toEqual([]);
  });

  it('describes the anomaly with its reason and the alert’s service', () => {
    const [item] = attentionItems(input({ alerts: [alert()] }), options);
    expect(item).toMatchObject({
      id: 'billAnomaly:al1',
      type: 'billAnomaly',
      alertId: 'al1',
      billId: 'b9',
      serviceType: 'natural_gas',
      text: 'Bill anomaly (late fee): Natural Gas account 1001 at Store 1, Feb 2026',
    });
  });

  it('orders anomalies like missing invoices, with the alert id last', () => {
    const alerts = [
      alert({ alertId: 'z', billMonth: '2026-01' }),
      alert({ alertId: 'y', billMonth: '2026-02', locationName: 'B' }),
      alert({ alertId: 'x', billMonth: '2026-02', locationName: 'A', accountNumber: '9' }),
      alert({ alertId: 'w', billMonth: '2026-02', locationName: 'A', accountNumber: '9' }),
    ];
    expect(attentionItems(input({ alerts }), options).map((item) => item.alertId)).toEqual([
      'w',
      'x',
      'y',
      'z',
    ]);
  });
});

describe('attentionItems: expiring contracts', () => {
  it.each([
    ['today', '2026-03-15', false],
    ['tomorrow', '2026-03-16', true],
    ['in 89 days', '2026-06-12', true],
    [`in ${EXPIRING_WITHIN_DAYS} days`, '2026-06-13', false],
    ['last week', '2026-03-08', false],
  ])('lists a contract ending %s (%s): %s', (_, endDate, shown) => {
    const items = attentionItems(input({ contracts: [contract({ endDate })] }), options);
    expect(items.length).toBe(shown ? 1 : 0);
  });

  it('leaves out extended contracts, whose extension carries on', () => {
    expect(attentionItems(input({ contracts: [contract({ isExtended: true })] }), options)).toEqual([]);
  });

  it('leaves out every contract for callers who may not see contracts', () => {
    expect(attentionItems(input({ contracts: [contract()] }), { ...options, contracts: false })).toEqual([]);
  });

  it('describes the contract with service, vendor, location and days left', () => {
    const [item] = attentionItems(input({ contracts: [contract()] }), options);
    expect(item).toEqual({
      id: 'contractExpiring:cl1',
      type: 'contractExpiring',
      locationId: 'l1',
      locationName: 'Store 1',
      accountId: null,
      accountNumber: null,
      billId: null,
      alertId: null,
      contractId: 'c1',
      billMonth: null,
      serviceType: 'electric',
      daysTillExpire: 40,
      text: 'Electricity contract with Bright Power at Store 1 expires in 40 days (2026-04-24)',
    });
  });

  it('says "1 day" in the singular', () => {
    const [item] = attentionItems(input({ contracts: [contract({ endDate: '2026-03-16' })] }), options);
    expect(item?.text).toContain('expires in 1 day (');
  });

  it('lists contracts soonest first, then by location and link, and does not need bills', () => {
    const contracts = [
      contract({ linkId: 'k3', endDate: '2026-05-01', locationName: 'A' }),
      contract({ linkId: 'k2', endDate: '2026-04-01', locationName: 'B' }),
      contract({ linkId: 'k1', endDate: '2026-04-01', locationName: 'B' }),
      contract({ linkId: 'k0', endDate: '2026-04-01', locationName: 'A' }),
    ];
    const items = attentionItems(input({ latestBillMonth: null, contracts }), options);
    expect(items.map((item) => item.id)).toEqual([
      'contractExpiring:k0',
      'contractExpiring:k1',
      'contractExpiring:k2',
      'contractExpiring:k3',
    ]);
  });
});

describe('attentionItems: order of kinds', () => {
  it('lists missing invoices, then anomalies, then contracts', () => {
    const items = attentionItems(
      input({ bills: [bill()], alerts: [alert()], contracts: [contract()] }),
      options,
    );
    expect(items.map((item) => item.type)).toEqual(['missingInvoice', 'billAnomaly', 'contractExpiring']);
  });
});
