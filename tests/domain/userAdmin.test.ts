import { describe, expect, it } from 'vitest';
import {
  COMPANY_ACCESS_FLAGS,
  USER_ROLES,
  auditText,
  isUserRole,
  roleRemovalProblem,
  takesCompanyAccess,
} from '../../src/domain/userAdmin';

describe('user administration', () => {
  it('knows the roles and the company flags of the spec', () => {
    expect(USER_ROLES).toEqual(['Super Consultant', 'Consultant', 'Admin', 'Client', 'Limited Client']);
    expect(isUserRole('Admin')).toBe(true);
    expect(isUserRole('admin')).toBe(false);
    expect(COMPANY_ACCESS_FLAGS.map((flag) => flag.key)).toHaveLength(12);
  });

  it.each([
    [
      { actorId: 1, targetId: 1, role: 'Super Consultant', superConsultantCount: 3 },
      'You cannot remove your own Super Consultant role',
    ],
    [
      { actorId: 1, targetId: 2, role: 'Super Consultant', superConsultantCount: 1 },
      'The last Super Consultant role cannot be removed',
    ],
    [{ actorId: 1, targetId: 2, role: 'Super Consultant', superConsultantCount: 2 }, null],
    [{ actorId: 1, targetId: 1, role: 'Consultant', superConsultantCount: 1 }, null],
  ])('removing %j: %s', (input, problem) => {
    expect(roleRemovalProblem(input)).toBe(problem);
  });

  it('grants company access to consultants only (super consultants reach every company)', () => {
    expect(takesCompanyAccess(['Consultant'])).toBe(true);
    expect(takesCompanyAccess(['Consultant', 'Super Consultant'])).toBe(false);
    expect(takesCompanyAccess(['Client', 'Admin'])).toBe(false);
  });

  it('writes each audited change in words', () => {
    expect(auditText({ kind: 'addRole', role: 'Admin' })).toBe('Added role Admin');
    expect(auditText({ kind: 'removeRole', role: 'Admin' })).toBe('Removed role Admin');
    expect(auditText({ kind: 'grantAccess', companyName: 'Cedar Schools' })).toBe(
      'Granted access to Cedar Schools',
    );
    expect(auditText({ kind: 'revokeAccess', companyName: 'Cedar Schools' })).toBe(
      'Revoked access to Cedar Schools',
    );
    expect(auditText({ kind: 'setFlags', changes: [] })).toBe('Saved company access (no change)');
    expect(
      auditText({
        kind: 'setFlags',
        changes: [
          { label: 'Alerts', value: true },
          { label: 'Budgets', value: false },
        ],
      }),
    ).toBe('Company access: Alerts on, Budgets off');
  });
});
