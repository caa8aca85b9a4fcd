// Alerts reads of the second spec document §7, each also under /api/companies/:companyId: the list
// (`fromDate`, `toDate`, `isAlertMinDate`, `showPublicOnly`, and the page's filters) and an alert's notes. The list
// is chosen by the rule the device uses (src/domain/alertList.ts) and each row says what it means in words.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tx';
import { companyOf } from '../../auth/access';
import { IsoDate, UuidString } from '../../http/commonSchemas';
import { SYNCED_ALERT_COLUMNS, alertNotes, alerts } from '../../db/schema';
import { notFound } from '../../errors';
import { alertDateRange, compareAlerts, matchesAlertFilter } from '../../../../src/domain/alertList';
import type { AlertListFilter } from '../../../../src/domain/alertList';
import { alertMessage } from '../../../../src/domain/alertMessage';
import { CompanyScopeParams, EntityScopeParams, ServiceFilter, twinRoutes } from '../../http/twinRoutes';

const ListQuery = Type.Object(
  {
    fromDate: Type.Optional(IsoDate),
    toDate: Type.Optional(IsoDate),
    isAlertMinDate: Type.Optional(Type.Boolean()),
    showPublicOnly: Type.Optional(Type.Boolean()),
    status: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
    serviceType: Type.Optional(ServiceFilter),
    locationId: Type.Optional(UuidString),
    accountId: Type.Optional(UuidString),
    rule: Type.Optional(Type.String({ pattern: '^[a-z_]{0,40}$' })),
  },
  { additionalProperties: false },
);

/** An alert of a company, or 404 (another company's alert is answered like a missing one). */
export async function alertOf(db: Db | Tx, companyId: number, id: string) {
  const [row] = await db
    .select(SYNCED_ALERT_COLUMNS)
    .from(alerts)
    .where(and(eq(alerts.id, id.toLowerCase()), eq(alerts.companyId, companyId)));
  if (!row) throw notFound('No such alert');
  return row;
}

/** The notes of an alert, oldest first. */
export async function notesOf(db: Db | Tx, companyId: number, alertId: string) {
  return db
    .select()
    .from(alertNotes)
    .where(and(eq(alertNotes.companyId, companyId), eq(alertNotes.alertId, alertId)))
    .orderBy(asc(alertNotes.createDate), asc(alertNotes.id));
}

/** Registers the alerts reads with their consultant twins. */
export function alertRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/alerts', { area: 'alerts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ListQuery } },
      async (request) => {
        const companyId = companyOf(request).id;
        const q = request.query;
        const filter: AlertListFilter = {
          fromDate: q.fromDate ?? '',
          toDate: q.toDate ?? '',
          isAlertMinDate: q.isAlertMinDate === true,
          showPublicOnly: q.showPublicOnly === true,
          statuses: q.status ?? [],
          serviceType: q.serviceType ?? '',
          locationId: q.locationId?.toLowerCase() ?? '',
          accountId: q.accountId?.toLowerCase() ?? '',
          rule: q.rule ?? '',
        };
        const { from, to } = alertDateRange(filter);
        const where: SQL[] = [eq(alerts.companyId, companyId)];
        if (from !== null) where.push(gte(alerts.importDate, from));
        if (to !== null) where.push(lte(alerts.importDate, to));
        const rows = await db
          .select()
          .from(alerts)
          .where(and(...where));
        return rows
          .filter((row) => matchesAlertFilter(row, filter))
          .sort(compareAlerts)
          .map((row) => ({ ...row, message: alertMessage(row) }));
      },
    );
  }

  for (const route of twinRoutes('/alerts/notes/:id', { entity: 'alerts', area: 'alerts' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const alert = await alertOf(db, companyId, request.params.id);
        return notesOf(db, companyId, alert.id);
      },
    );
  }
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
