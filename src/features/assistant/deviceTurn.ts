// The assistant offline (docs/architecture.md §14 GET AI): the same turn as the server's (src/domain/assistant/respond.ts) over
// the device's data — the planner reads the company's sites from the local database and figures come from the
// report worker — and the answer says when that data was synced.
import type { Remote } from 'comlink';
import type { ReportsApi } from '../../../workers/reports/api';
import type { AppDb } from '../../db/schema';
import type { ChatMessage } from '../../domain/assistant/messages';
import { respondTo } from '../../domain/assistant/respond';
import type { PlannerContext } from '../../domain/assistant/types';
import { OPEN_ALERT_STATUSES } from '../../domain/alerts';
import { canOpenArea } from '../../domain/nav';
import type { Roles } from '../../domain/roles';
import { readAllRows } from '../../platform/reportsClient';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function contextOf(
  db: AppDb,
  companyId: number,
): Promise<(PlannerContext & { companyIds: number[] }) | null> {
  const company = await db.companies.get(companyId);
  if (!company) return null;
  const children = await db.companies.where('parentId').equals(companyId).primaryKeys();
  const ids = [companyId, ...children];
  const sites = await db.locations.where('companyId').anyOf(ids).toArray();
  let latest = '';
  for (const id of ids) {
    const last = await db.bills.where('[companyId+billMonth]').between([id, ''], [id, '\uffff']).last();
    if (last && last.billMonth > latest) latest = last.billMonth;
  }
  const now = today();
  return {
    today: now,
    latestMonth: latest === '' ? now.slice(0, 7) : latest,
    locations: sites.map(({ id, name, city, state }) => ({ id, name, city, state })),
    sustainabilityAccess: company.sustainabilityAccess,
    weatherNormalizationAccess: company.weatherNormalizationAccess,
    companyIds: ids,
  };
}

/** When the company's data on this device was last synced, in the reader's words ('24 Nov 2026, 10:05'). */
function syncedAtText(iso: string | null | undefined): string {
  if (!iso) return 'an unknown time';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Answers one message on the device. */
export async function respondOnDevice(
  db: AppDb,
  reports: Remote<ReportsApi>,
  companyId: number,
  roles: Roles,
  message: string,
): Promise<ChatMessage[]> {
  const context = await contextOf(db, companyId);
  if (!context)
    return [
      {
        agent: 'bot',
        type: 'text',
        text: 'This company is not on this device yet, so I cannot answer offline.',
      },
    ];
  const company = await db.companies.get(companyId);
  const syncedAt = syncedAtText((await db.syncState.get(companyId))?.lastSyncAt);
  return respondTo(
    message,
    context,
    {
      canUse: (area) => company !== undefined && canOpenArea(area, { roles, company }),
      reportRows: async (reportType, filter) => {
        const summary = await reports.run({
          companyId,
          reportType,
          filter,
          today: context.today,
          weatherNormalization: company?.weatherNormalizationAccess === true,
        });
        try {
          const rows = await readAllRows(reports, summary.runId, summary.rowCount);
          return rows.map((cells) =>
            Object.fromEntries(summary.columns.map((column, index) => [column.key, cells[index] ?? null])),
          );
        } finally {
          void reports.release(summary.runId);
        }
      },
      openAlertsByRule: async () => {
        const counts = new Map<string, number>();
        const keys = context.companyIds.flatMap((id) => OPEN_ALERT_STATUSES.map((status) => [id, status]));
        await db.alerts
          .where('[companyId+status]')
          .anyOf(keys)
          .each((alert) => counts.set(alert.rule, (counts.get(alert.rule) ?? 0) + 1));
        return [...counts].map(([rule, count]) => ({ rule, count }));
      },
    },
    syncedAt,
  );
}
