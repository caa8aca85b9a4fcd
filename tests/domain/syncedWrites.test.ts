import { describe, expect, it } from 'vitest';
import { writeUrl } from '../../src/domain/syncedWrites';
import type { WriteParams } from '../../src/domain/syncedWrites';

describe('writeUrl', () => {
  it('fills a write’s path with its parameters, each encoded, and adds its query', () => {
    expect(writeUrl('updateContract', { companyId: 7, id: 'a/b' })).toBe(
      '/api/companies/7/contracts/a%2Fb/update',
    );
    expect(writeUrl('batchResolveAlerts', { companyId: 7 }, { ids: 'x,y' })).toBe(
      '/api/companies/7/alerts/batchResolve?ids=x%2Cy',
    );
    expect(writeUrl('addMeter', {})).toBe('/api/accounts/addMeterRecord');
  });

  it('refuses a parameter its path names and the call lacks', () => {
    const missing = {} as WriteParams<'updateBudget'>;
    expect(() => writeUrl('updateBudget', missing)).toThrow('updateBudget needs :id');
  });
});
