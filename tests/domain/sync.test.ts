import { describe, expect, it } from 'vitest';
import { PENDING_DETAILS } from '../../src/domain/syncProtocol';
import {
  pendingBillsText,
  ACTIVE_STATUSES,
  DEFAULT_BACKOFF,
  applyLocalChange,
  backoffDelay,
  classifyPull,
  classifyWrite,
  deleteApplies,
  errorReason,
  estimateRemainingMs,
  idempotencyKey,
  isActiveStatus,
  isQuotaError,
  isRecord,
  isServerFailure,
  newerRow,
  rowCompanyId,
  totalRows,
} from '../../src/domain/sync';

describe('backoffDelay', () => {
  const options = { baseMs: 1000, maxMs: 16_000 };
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0, 1000],
    [3, 0.5, 3000],
    [5, 1, 16_000],
    [9, 1, 16_000],
    [9, 0, 8000],
    [0, 1, 1000],
  ])(
    'waits between half and all of the doubled delay (failure %i, random %f → %i ms)',
    (failures, random, expected) => {
      expect(backoffDelay(failures, random, options)).toBe(expected);
    },
  );

  it('treats an out-of-range or missing random as its nearest bound', () => {
    expect(backoffDelay(1, 7, options)).toBe(1000);
    expect(backoffDelay(1, -3, options)).toBe(500);
    expect(backoffDelay(1, Number.NaN, options)).toBe(500);
  });

  it('starts at 2 s and never exceeds 5 minutes by default', () => {
    expect(backoffDelay(1, 1)).toBe(DEFAULT_BACKOFF.baseMs);
    expect(backoffDelay(100, 1)).toBe(DEFAULT_BACKOFF.maxMs);
  });
});

describe('classifyWrite', () => {
  it.each([
    [200, 'ack'],
    [201, 'ack'],
    [204, 'ack'],
    [0, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [401, 'auth'],
    [409, 'conflict'],
    [400, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [422, 'rejected'],
  ] as const)('answers %i with %s', (status, outcome) => {
    expect(classifyWrite(status)).toBe(outcome);
  });

  it('counts only the server failing toward setting a write aside, not offline, timeouts or rate limits', () => {
    expect([500, 502, 503, 504].every(isServerFailure)).toBe(true);
    expect([0, 408, 425, 429, 401, 409, 400].some(isServerFailure)).toBe(false);
  });
});

describe('classifyPull', () => {
  it.each([
    [200, 'ok'],
    [0, 'retry'],
    [502, 'retry'],
    [429, 'retry'],
    [401, 'auth'],
    [410, 'reset'],
    [403, 'unreachable'],
    [404, 'unreachable'],
    [400, 'failed'],
    [204, 'failed'],
  ] as const)('answers %i with %s', (status, outcome) => {
    expect(classifyPull(status)).toBe(outcome);
  });
});

describe('outbox statuses', () => {
  it('counts pending, sending, conflict and set-aside entries as holding their row', () => {
    expect(ACTIVE_STATUSES.every(isActiveStatus)).toBe(true);
    expect(ACTIVE_STATUSES).toContain('setAside');
    expect(isActiveStatus('rejected')).toBe(false);
  });
});

describe('idempotencyKey', () => {
  it('joins client and mutation id as the server expects', () => {
    const key = idempotencyKey('3f1c2a9e-0000-4000-8000-000000000001', 17);
    expect(key).toBe('3f1c2a9e-0000-4000-8000-000000000001:17');
    expect(key).toMatch(/^[A-Za-z0-9_-]{1,64}:[0-9]{1,15}$/);
  });
});

describe('rowCompanyId', () => {
  it('reads the company of a row, and the company record is its own company', () => {
    expect(rowCompanyId('accounts', { id: 'a', version: 1, companyId: 4 })).toBe(4);
    expect(rowCompanyId('companies', { id: 9, version: 1 })).toBe(9);
    expect(rowCompanyId('companies', { id: '9', version: 1 })).toBe(9);
  });
});

describe('newerRow', () => {
  const row = (version: number, companyId = 1, updatedAt = '2025-01-01T00:00:00Z') => ({
    id: 'x',
    version,
    companyId,
    updatedAt,
  });
  it('prefers the higher version within one company', () => {
    expect(newerRow(row(3), row(5))?.version).toBe(5);
    expect(newerRow(row(5), row(3))?.version).toBe(5);
    expect(newerRow(row(5), row(5))).toEqual(row(5));
  });
  it('compares write times across companies, whose versions are separate counters', () => {
    const old = row(900, 1, '2025-01-01T00:00:00Z');
    const moved = row(2, 2, '2025-02-01T00:00:00Z');
    expect(newerRow(old, moved)).toBe(moved);
    expect(newerRow(moved, old)).toBe(moved);
    expect(
      newerRow({ id: 'x', version: 1, companyId: 1 }, { id: 'x', version: 1, companyId: 2 })?.companyId,
    ).toBe(2);
  });
  it('keeps whichever exists', () => {
    expect(newerRow(null, row(1))).toEqual(row(1));
    expect(newerRow(row(1), null)).toEqual(row(1));
    expect(newerRow(null, null)).toBeNull();
  });
});

describe('deleteApplies', () => {
  it.each([
    [undefined, 1, true],
    [1, 1, true],
    [2, 1, false],
  ])('local company %s, feed company %i: %s', (local, feed, expected) => {
    expect(deleteApplies(local, feed)).toBe(expected);
  });
});

describe('applyLocalChange', () => {
  const account = { id: 'a', version: 3, nickname: 'Old', services: 'electric' };
  it('patches fields of an existing row', () => {
    expect(applyLocalChange(account, { kind: 'patch', fields: { nickname: 'New' } })).toEqual({
      ...account,
      nickname: 'New',
    });
  });
  it('leaves a deleted row deleted when patched', () => {
    expect(applyLocalChange(null, { kind: 'patch', fields: { nickname: 'New' } })).toBeNull();
  });
  it('creates or overlays a row with put', () => {
    expect(applyLocalChange(null, { kind: 'put', row: { id: 'n', version: 0 } })).toEqual({
      id: 'n',
      version: 0,
    });
    expect(applyLocalChange(account, { kind: 'put', row: { nickname: 'X' } })).toEqual({
      ...account,
      nickname: 'X',
    });
  });
  it('deletes', () => {
    expect(applyLocalChange(account, { kind: 'delete' })).toBeNull();
  });
});

describe('errorReason', () => {
  it('uses the server message and adds field messages it does not repeat', () => {
    expect(
      errorReason(400, {
        error: {
          code: 'bad_request',
          message: 'Nickname must be at most 100 characters',
          fields: { 'body.nickname': 'must be at most 100 characters' },
        },
      }),
    ).toBe('Nickname must be at most 100 characters');
    expect(
      errorReason(400, {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid',
          fields: { 'body.nickname': 'must be string', other: 3 },
        },
      }),
    ).toBe('Some fields are not valid: must be string');
  });
  it('falls back to the status for bodies without a message', () => {
    expect(errorReason(422, null)).toBe('The server refused the change (HTTP 422)');
    expect(errorReason(404, { error: { message: '' } })).toBe('The server refused the change (HTTP 404)');
    expect(errorReason(400, 'plain text')).toBe('The server refused the change (HTTP 400)');
    expect(errorReason(502, null)).toBe('The server could not process the change (HTTP 502)');
  });
});

describe('isRecord', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
  ])('%j → %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});

describe('estimateRemainingMs', () => {
  it.each([
    [500, 1000, 1000, 1000],
    [250, 1000, 1000, 3000],
    [1000, 1000, 800, 0],
    [1200, 1000, 800, 0],
    [100, null, 1000, null],
    [0, 1000, 1000, null],
    [10, 1000, 0, null],
  ])('%i of %s rows after %i ms → %s ms left', (done, total, elapsed, expected) => {
    expect(estimateRemainingMs(done, total, elapsed)).toBe(expected);
  });
});

describe('isQuotaError', () => {
  it('finds the quota error directly or wrapped (as Dexie wraps it)', () => {
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('wrapped', { cause: quota }))).toBe(true);
  });
  it('says no to anything else', () => {
    expect(isQuotaError(new Error('boom'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    expect(isQuotaError(null)).toBe(false);
    let deep: Record<string, unknown> = { name: 'QuotaExceededError' };
    for (let i = 0; i < 10; i += 1) deep = { name: 'AbortError', inner: deep };
    expect(isQuotaError(deep)).toBe(false);
  });
});

describe('totalRows', () => {
  it('adds the counts of every entity', () => {
    expect(totalRows({ accounts: 3, bills: 40 })).toBe(43);
    expect(totalRows({})).toBe(0);
  });
});

describe('pendingBillsText', () => {
  it('says which bills a first download still has to bring', () => {
    expect(pendingBillsText(null)).toBeNull();
    expect(pendingBillsText(undefined)).toBeNull();
    expect(pendingBillsText('all')).toBe(
      'Sites and accounts are here; bills are still coming, so spend figures are not complete yet.',
    );
    expect(pendingBillsText('2025-03')).toBe(
      'Bills of Mar 2025 and earlier are still coming: figures that include those months are not complete yet.',
    );
    expect(pendingBillsText(PENDING_DETAILS)).toBe(
      'Every bill is here, so spend figures are complete; alerts and each bill’s charge and usage lines are still coming.',
    );
  });
});
