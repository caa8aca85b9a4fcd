import { describe, expect, it } from 'vitest';
import type { AttentionItem } from '../../src/domain/attention';
import {
  OPEN_ALERTS,
  alertStatusCounts,
  alertStatusLabel,
  attentionCounts,
  contractsDueBadge,
  countContractsDue,
  countOpenAlerts,
  isCountedOpenAlert,
  openAlertsBadge,
  openAlertsFrom,
} from '../../src/domain/counts';
import { ALERT_STATUS_VALUES } from '../../src/domain/alerts';
import { alertInList, defaultAlertFilter } from '../../src/domain/alertList';

const TODAY = '2026-11-28';

describe('open alerts', () => {
  it.each([
    ['open, this month', { status: 'open', importDate: '2026-11-01' }, true],
    ['pending, on the first day of the window', { status: 'pending', importDate: '2025-11-28' }, true],
    [
      'client input, a day before the window',
      { status: 'pending - client input', importDate: '2025-11-27' },
      false,
    ],
    ['closed, this month', { status: 'closed', importDate: '2026-11-01' }, false],
    ['closed - public', { status: 'closed - public', importDate: '2026-11-01' }, false],
    ['good (a silent pass)', { status: 'good', importDate: '2026-11-01' }, false],
    ['with a time of day', { status: 'open', importDate: '2025-11-28T10:00:00Z' }, true],
  ])('%s: counted %s', (_name, alert, counted) => {
    expect(isCountedOpenAlert(alert, TODAY)).toBe(counted);
  });

  it('counts what the Alerts page opens on: its default filter, the open statuses', () => {
    const alerts = ALERT_STATUS_VALUES.flatMap((status, i) =>
      ['2025-01-01', '2025-12-01', '2026-11-27'].map((importDate) => ({
        id: `${status}-${importDate}-${i}`,
        status,
        importDate,
        isPublic: false,
        serviceType: 'electric',
        locationId: 'l',
        accountId: 'a',
        rule: '',
      })),
    );
    const onArrival = alerts.filter((alert) => alertInList(alert, defaultAlertFilter(TODAY)));
    const openOnArrival = onArrival.filter((alert) => OPEN_ALERTS.statuses.includes(alert.status)).length;
    expect(countOpenAlerts(alerts, TODAY)).toBe(openOnArrival);
    expect(openOnArrival).toBe(6);
    expect(openAlertsFrom(TODAY)).toBe(defaultAlertFilter(TODAY).fromDate);
  });

  it('says what it counts and over which window', () => {
    expect(openAlertsBadge(1).tooltip).toBe('1 open alert in the last 12 months');
    expect(openAlertsBadge(290)).toEqual({ count: 290, tooltip: '290 open alerts in the last 12 months' });
  });
});

describe('alert status chips', () => {
  it('name each status as the Status filter does, so closed and closed - public are separate', () => {
    expect(alertStatusLabel('closed')).toBe('Closed');
    expect(alertStatusLabel('closed - public')).toBe('Closed - Public');
    expect(alertStatusLabel('good')).toBe('Good');
    const rows = [
      ...Array.from({ length: 3 }, () => ({ status: 'closed' })),
      ...Array.from({ length: 2 }, () => ({ status: 'closed - public' })),
      { status: 'open' },
    ];
    expect(alertStatusCounts(rows)).toEqual([
      ['Closed', 3],
      ['Closed - Public', 2],
      ['Open', 1],
    ]);
  });
});

describe('contracts due', () => {
  it.each([
    ['due today, unviewed', { daysTillExpire: 0, isViewed: false }, 1],
    ['due in 30 days', { daysTillExpire: 30, isViewed: false }, 1],
    ['31 days', { daysTillExpire: 31, isViewed: false }, 0],
    ['viewed', { daysTillExpire: 5, isViewed: true }, 0],
    ['extended', { daysTillExpire: 5, isViewed: false, isExtended: true }, 0],
    ['ended', { daysTillExpire: -1, isViewed: false }, 0],
  ])('%s: badge %i', (_name, contract, count) => {
    expect(contractsDueBadge([contract]).count).toBe(count);
    const endDate = new Date(Date.parse(`${TODAY}T00:00:00Z`) + contract.daysTillExpire * 86_400_000)
      .toISOString()
      .slice(0, 10);
    // The device's and the server's count from end dates is the badge's count.
    expect(
      countContractsDue(
        [
          {
            endDate,
            isViewed: contract.isViewed,
            isExtended: 'isExtended' in contract && contract.isExtended,
          },
        ],
        TODAY,
      ),
    ).toBe(count);
  });
});

describe('attention counts', () => {
  const item = (over: Partial<AttentionItem>): AttentionItem => ({
    id: 'x',
    type: 'contractExpiring',
    locationId: 'l',
    locationName: 'L',
    accountId: null,
    accountNumber: null,
    billId: null,
    alertId: null,
    contractId: null,
    billMonth: null,
    serviceType: null,
    daysTillExpire: null,
    text: '',
    ...over,
  });
  it('counts a contract at three sites once', () => {
    const items = [
      item({ id: 'c1-l1', contractId: 'c1', locationId: 'l1' }),
      item({ id: 'c1-l2', contractId: 'c1', locationId: 'l2' }),
      item({ id: 'c1-l3', contractId: 'c1', locationId: 'l3' }),
      item({ id: 'c2-l1', contractId: 'c2' }),
      item({ id: 'a1', type: 'billAnomaly', alertId: 'a1' }),
      item({ id: 'b1', type: 'missingInvoice', billId: 'b1' }),
      item({ id: 'b2', type: 'missingInvoice', billId: 'b2' }),
    ];
    expect(attentionCounts(items)).toEqual({ missingInvoice: 2, billAnomaly: 1, contractExpiring: 2 });
  });
});
