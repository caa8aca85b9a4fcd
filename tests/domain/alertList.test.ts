import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_MONTHS,
  alertDateRange,
  alertInList,
  compareAlerts,
  defaultAlertFilter,
  matchesAlertFilter,
} from '../../src/domain/alertList';
import type { AlertListFilter, FilterableAlert } from '../../src/domain/alertList';

const alert: FilterableAlert = {
  status: 'open',
  isPublic: false,
  importDate: '2026-02-10',
  serviceType: 'electric',
  locationId: 'l1',
  accountId: 'a1',
  rule: 'late_fee',
};
const all: AlertListFilter = { ...defaultAlertFilter('2026-03-15'), fromDate: '' };

describe('defaultAlertFilter', () => {
  it('opens on the last year of every alert', () => {
    expect(DEFAULT_ALERT_MONTHS).toBe(12);
    expect(defaultAlertFilter('2026-03-15')).toEqual({
      fromDate: '2025-03-15',
      toDate: '',
      isAlertMinDate: false,
      showPublicOnly: false,
      statuses: [],
      serviceType: '',
      locationId: '',
      accountId: '',
      rule: '',
    });
  });
});

describe('alertDateRange', () => {
  it('starts with the first alert when asked, or without a from date', () => {
    expect(alertDateRange({ fromDate: '2026-01-01', toDate: '2026-02-01', isAlertMinDate: false })).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(alertDateRange({ fromDate: '2026-01-01', toDate: '', isAlertMinDate: true })).toEqual({
      from: null,
      to: null,
    });
  });
});

describe('matchesAlertFilter and alertInList', () => {
  it.each<[string, Partial<AlertListFilter>, boolean]>([
    ['no filter', {}, true],
    ['its status', { statuses: ['pending', 'open'] }, true],
    ['another status', { statuses: ['closed'] }, false],
    ['its service', { serviceType: 'electric' }, true],
    ['another service', { serviceType: 'water' }, false],
    ['another location', { locationId: 'l2' }, false],
    ['another account', { accountId: 'a2' }, false],
    ['its rule', { rule: 'late_fee' }, true],
    ['another rule', { rule: 'anomaly' }, false],
    ['public only', { showPublicOnly: true }, false],
  ])('%s', (_name, filter, shown) => {
    expect(matchesAlertFilter(alert, { ...all, ...filter })).toBe(shown);
  });

  it('shows closed - public and alerts marked public when public only', () => {
    const filter = { ...all, showPublicOnly: true };
    expect(matchesAlertFilter({ ...alert, status: 'closed - public' }, filter)).toBe(true);
    expect(matchesAlertFilter({ ...alert, isPublic: true }, filter)).toBe(true);
  });

  it('keeps both ends of the date range', () => {
    expect(alertInList(alert, { ...all, fromDate: '2026-02-10', toDate: '2026-02-10' })).toBe(true);
    expect(alertInList(alert, { ...all, fromDate: '2026-02-11' })).toBe(false);
    expect(alertInList(alert, { ...all, toDate: '2026-02-09' })).toBe(false);
    expect(alertInList(alert, { ...all, fromDate: '2026-02-11', isAlertMinDate: true })).toBe(true);
    expect(alertInList(alert, { ...all, statuses: ['closed'] })).toBe(false);
  });
});

describe('compareAlerts', () => {
  it('puts the newest import first, then ids in code-unit order', () => {
    const rows = [
      { importDate: '2026-01-01', id: 'b' },
      { importDate: '2026-02-01', id: 'z' },
      { importDate: '2026-01-01', id: 'a' },
      { importDate: '2026-01-01', id: 'a' },
    ];
    expect([...rows].sort(compareAlerts).map((row) => row.id)).toEqual(['z', 'a', 'a', 'b']);
  });
});
