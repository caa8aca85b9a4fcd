// Users and consultant access (spec 001 §6, §7): every user with roles and company, roles added and removed,
// consultants' company access granted, listed and revoked, and a company's access flags set. Super consultants only:
// anyone else gets 403 (the `users` area rule of src/domain/nav.ts). Every change is audited in the same transaction
// (user_admin_audit) and the audit is shown on the page. A flag change bumps the company record's version, so the
// sidebars of that company's users follow at their next sync (docs/architecture.md §4).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { callerOf } from '../../auth/access';
import type { Caller, RouteAccess } from '../../auth/access';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { companies, consultantCompanyAccess, userAdminAudit, userRoles, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { CompanyId } from '../../http/commonSchemas';
import { touchUsers } from '../../sync/userDirectory';
import { bumpCompanyVersion } from '../../sync/versioning';
import { canOpenArea } from '../../../../src/domain/nav';
import {
  COMPANY_ACCESS_FLAGS,
  USER_ROLES,
  auditText,
  roleRemovalProblem,
  takesCompanyAccess,
} from '../../../../src/domain/userAdmin';
import type { CompanyAccessFlag, UserAdminAction } from '../../../../src/domain/userAdmin';
import { callerName } from '../contracts/documentRows';
import {
  AUDIT_THRESHOLD_FIELDS,
  AUDIT_THRESHOLD_RANGES,
  auditThresholdsProblem,
  editAuditThresholds,
  resolveAuditThresholds,
} from '../../../../src/domain/billAuditThresholds';
import type { AuditThresholdKey } from '../../../../src/domain/billAuditThresholds';

const NONE: RouteAccess = { company: { from: 'none' } };
const UserId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Role = Type.Union(USER_ROLES.map((role) => Type.Literal(role)));

/** One optional boolean per company access flag: a flag missing here does not compile. */
const FLAG_SCHEMAS = {
  alertsAccess: Type.Optional(Type.Boolean()),
  budgetsAccess: Type.Optional(Type.Boolean()),
  apAccess: Type.Optional(Type.Boolean()),
  billPayAccess: Type.Optional(Type.Boolean()),
  openCloseAccess: Type.Optional(Type.Boolean()),
  energyStarAccess: Type.Optional(Type.Boolean()),
  isEsActive: Type.Optional(Type.Boolean()),
  companyHasSupportAccess: Type.Optional(Type.Boolean()),
  sustainabilityAccess: Type.Optional(Type.Boolean()),
  accrualsAccess: Type.Optional(Type.Boolean()),
  weatherNormalizationAccess: Type.Optional(Type.Boolean()),
  susScopeTooltipAccess: Type.Optional(Type.Boolean()),
} satisfies Record<CompanyAccessFlag, TSchema>;

const FlagsBody = Type.Object({ companyId: CompanyId, ...FLAG_SCHEMAS }, { additionalProperties: false });

/** A value per bill audit threshold, bounded by its range; null sets it back to the default. */
const ThresholdsBody = Type.Object(
  {
    companyId: CompanyId,
    thresholds: Type.Object(
      Object.fromEntries(
        AUDIT_THRESHOLD_FIELDS.map(({ key }) => {
          const [minimum, maximum] = AUDIT_THRESHOLD_RANGES[key];
          return [key, Type.Optional(Type.Union([Type.Number({ minimum, maximum }), Type.Null()]))];
        }),
      ),
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** 403 unless the caller may open the Users area (super consultants): the sidebar's own rule. */
function assertSuperConsultant(caller: Caller): void {
  const company = { id: caller.companyId, companyTypeId: null, ...flagsOff() };
  if (!canOpenArea('users', { roles: caller.roles, company })) throw forbidden();
}

function flagsOff() {
  return {
    alertsAccess: false,
    budgetsAccess: false,
    apAccess: false,
    billPayAccess: false,
    openCloseAccess: false,
    energyStarAccess: false,
    companyHasSupportAccess: false,
  };
}

async function audit(
  tx: Tx,
  actor: { userId: number; name: string },
  action: UserAdminAction,
  target: { userId?: number; companyId?: number },
): Promise<void> {
  await tx.insert(userAdminAudit).values({
    actorId: actor.userId,
    actorName: actor.name,
    action: action.kind,
    targetUserId: target.userId ?? null,
    targetCompanyId: target.companyId ?? null,
    detail: auditText(action),
  });
}

async function userOrThrow(db: Db | Tx, id: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw notFound('No such user');
  return user;
}

async function rolesOf(db: Db | Tx, id: number): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, id))
    .orderBy(asc(userRoles.role));
  return rows.map((row) => row.role);
}

async function companyOrThrow(db: Db | Tx, id: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw notFound('No such company');
  return company;
}

/** Registers the Users page's calls. */
export async function userAdminRoutes(app: App, { db }: AppDeps): Promise<void> {
  const actorOf = async (caller: Caller) => ({
    userId: caller.userId,
    name: (await callerName(db, caller)) ?? `User ${caller.userId}`,
  });

  const listUsers = async () => {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        companyId: users.companyId,
        companyName: companies.name,
        roles: sql<
          string[]
        >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${users.id}), '{}')`,
        companyAccess: sql<
          number[]
        >`coalesce((select array_agg(a.company_id order by a.company_id) from consultant_company_access a where a.user_id = ${users.id}), '{}')`,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
    return rows;
  };

  for (const url of ['/api/users/usersAll', '/api/users/usersGET']) {
    app.get(url, { config: { access: NONE } }, async (request) => {
      assertSuperConsultant(callerOf(request));
      return listUsers();
    });
  }

  app.get(
    '/api/users/audit',
    {
      config: { access: NONE },
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
      },
    },
    async (request) => {
      assertSuperConsultant(callerOf(request));
      return db
        .select()
        .from(userAdminAudit)
        .orderBy(desc(userAdminAudit.at), desc(userAdminAudit.id))
        .limit(request.query.limit ?? 100);
    },
  );

  app.post(
    '/api/users/addRole',
    {
      config: { access: NONE },
      schema: { body: Type.Object({ userId: UserId, role: Role }, { additionalProperties: false }) },
    },
    async (request) => {
      const caller = callerOf(request);
      assertSuperConsultant(caller);
      const actor = await actorOf(caller);
      const { userId, role } = request.body;
      await db.transaction(async (tx) => {
        await userOrThrow(tx, userId);
        if ((await rolesOf(tx, userId)).includes(role))
          throw badRequest('The user already has this role', { 'body.role': 'is already given' });
        await tx.insert(userRoles).values({ userId, role });
        // The company's users list shows roles, and a role moves the user's feed audience (a 410 re-pull).
        await touchUsers(tx, [userId]);
        await audit(tx, actor, { kind: 'addRole', role }, { userId });
      });
      return { userId, roles: await rolesOf(db, userId) };
    },
  );

  app.delete(
    '/api/users/removeRole',
    {
      config: { access: NONE },
      schema: { querystring: Type.Object({ id: UserId, role: Role }, { additionalProperties: false }) },
    },
    async (request) => {
      const caller = callerOf(request);
      assertSuperConsultant(caller);
      const actor = await actorOf(caller);
      const { id: userId, role } = request.query;
      await db.transaction(async (tx) => {
        await userOrThrow(tx, userId);
        if (!(await rolesOf(tx, userId)).includes(role))
          throw badRequest('The user does not have this role', { 'querystring.role': 'is not given' });
        // Counted under a lock of the role rows, so two removals at once cannot both pass the last-one rule.
        const supers = await tx.execute<{ user_id: number }>(
          sql`select user_id from user_roles where role = 'Super Consultant' for update`,
        );
        const problem = roleRemovalProblem({
          actorId: caller.userId,
          targetId: userId,
          role,
          superConsultantCount: supers.rows.length,
        });
        if (problem) throw badRequest(problem, { 'querystring.role': problem });
        await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
        await touchUsers(tx, [userId]);
        if (role === 'Consultant')
          await tx.delete(consultantCompanyAccess).where(eq(consultantCompanyAccess.userId, userId));
        await audit(tx, actor, { kind: 'removeRole', role }, { userId });
      });
      return { userId, roles: await rolesOf(db, userId) };
    },
  );

  const UserParams = Type.Object({ id: UserId }, { additionalProperties: false });

  app.get(
    '/api/users/:id/getCompanyAccess',
    { config: { access: NONE }, schema: { params: UserParams } },
    async (request) => {
      assertSuperConsultant(callerOf(request));
      await userOrThrow(db, request.params.id);
      return db
        .select({
          companyId: consultantCompanyAccess.companyId,
          companyName: companies.name,
          grantedAt: consultantCompanyAccess.grantedAt,
        })
        .from(consultantCompanyAccess)
        .innerJoin(companies, eq(companies.id, consultantCompanyAccess.companyId))
        .where(eq(consultantCompanyAccess.userId, request.params.id))
        .orderBy(asc(companies.name));
    },
  );

  app.post(
    '/api/users/addCompanyAccess',
    {
      config: { access: NONE },
      schema: {
        body: Type.Object({ userId: UserId, companyId: CompanyId }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      assertSuperConsultant(caller);
      const actor = await actorOf(caller);
      const { userId, companyId } = request.body;
      await db.transaction(async (tx) => {
        await userOrThrow(tx, userId);
        if (!takesCompanyAccess(await rolesOf(tx, userId)))
          throw badRequest('Only consultants are granted company access', {
            'body.userId': 'is not a consultant',
          });
        const company = await companyOrThrow(tx, companyId);
        const added = await tx
          .insert(consultantCompanyAccess)
          .values({ userId, companyId })
          .onConflictDoNothing()
          .returning({ companyId: consultantCompanyAccess.companyId });
        if (added.length > 0)
          await audit(tx, actor, { kind: 'grantAccess', companyName: company.name }, { userId, companyId });
      });
      return reply.status(201).send({ userId, companyId });
    },
  );

  app.delete(
    '/api/users/:id/deleteConsultantCompanyAccess',
    {
      config: { access: NONE },
      schema: {
        params: UserParams,
        querystring: Type.Object({ companyId: CompanyId }, { additionalProperties: false }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      assertSuperConsultant(caller);
      const actor = await actorOf(caller);
      const userId = request.params.id;
      const { companyId } = request.query;
      await db.transaction(async (tx) => {
        const company = await companyOrThrow(tx, companyId);
        const removed = await tx
          .delete(consultantCompanyAccess)
          .where(
            and(eq(consultantCompanyAccess.userId, userId), eq(consultantCompanyAccess.companyId, companyId)),
          )
          .returning({ companyId: consultantCompanyAccess.companyId });
        if (removed.length === 0) throw notFound('This consultant has no access to that company');
        await audit(tx, actor, { kind: 'revokeAccess', companyName: company.name }, { userId, companyId });
      });
      return { userId, companyId };
    },
  );

  app.put(
    '/api/companies/setCompanyAccess',
    { config: { access: NONE }, schema: { body: FlagsBody } },
    async (request) => {
      const caller = callerOf(request);
      assertSuperConsultant(caller);
      const actor = await actorOf(caller);
      const body = request.body;
      return db.transaction(async (tx) => {
        const company = await companyOrThrow(tx, body.companyId);
        const changes = COMPANY_ACCESS_FLAGS.filter(
          (flag) => body[flag.key] !== undefined && body[flag.key] !== company[flag.key],
        ).map((flag) => ({ key: flag.key, label: flag.label, value: body[flag.key] === true }));
        const flags: Partial<Record<CompanyAccessFlag, boolean>> = {};
        for (const change of changes) flags[change.key] = change.value;
        // The company record is synced: a new version carries the flags to its users' sidebars at their next sync.
        const version = await bumpCompanyVersion(tx, company.id);
        const [row] = await tx
          .update(companies)
          .set({ ...flags, version })
          .where(eq(companies.id, company.id))
          .returning();
        await audit(tx, actor, { kind: 'setFlags', changes }, { companyId: company.id });
        return row;
      });
    },
  );

  app.put(
    '/api/companies/setAuditThresholds',
    { config: { access: NONE }, schema: { body: ThresholdsBody } },
    async (request) => {
      const caller = callerOf(request);
      assertSuperConsultant(caller);
      const actor = await actorOf(caller);
      const edits = request.body.thresholds as Partial<Record<AuditThresholdKey, number | null>>;
      return db.transaction(async (tx) => {
        const company = await companyOrThrow(tx, request.body.companyId);
        const edited = editAuditThresholds(company.auditThresholds, edits);
        const problem = auditThresholdsProblem(resolveAuditThresholds(edited.stored));
        if (problem) throw badRequest(problem, { 'body.thresholds': problem });
        // The company record is synced: its users' devices see the thresholds at their next sync; the audits read
        // them when bills next arrive (alerts already raised stay as they are).
        const version = await bumpCompanyVersion(tx, company.id);
        const [row] = await tx
          .update(companies)
          .set({ auditThresholds: edited.stored, version })
          .where(eq(companies.id, company.id))
          .returning();
        await audit(
          tx,
          actor,
          { kind: 'setAuditThresholds', changes: edited.changes },
          { companyId: company.id },
        );
        return row;
      });
    },
  );
}
