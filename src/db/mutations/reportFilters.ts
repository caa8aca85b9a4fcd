// Saved report filters through the outbox (docs/architecture.md §4): save, rename or replace, delete — offline too.
// Each is checked with the server's own rules first (src/domain/reports/filter.ts), so the server rarely refuses one.
// A new filter gets its final id here, so a replayed save never makes a second one.
import { parseReportFilter } from '../../domain/reports/filter';
import type { ReportFilter } from '../../domain/reports/filter';
import type { ReportTypeId } from '../../domain/reports/types';
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { ReportFilterRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** The longest name a saved filter may have (the server's limit). */
export const FILTER_NAME_LIMIT = 100;

/** A checked write: the queued entry and the filter's id, or why it was not queued. */
export type FilterWriteResult = { ok: true; entry: OutboxEntry; id: string } | { ok: false; problem: string };

/** The problem with a filter's name, or null. */
export function filterNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Name is required';
  if (trimmed.length > FILTER_NAME_LIMIT) return `Name must be at most ${FILTER_NAME_LIMIT} characters`;
  return null;
}

function checkedFilter(filter: ReportFilter): Record<string, unknown> | string {
  const parsed = parseReportFilter(filter);
  return parsed.ok
    ? { ...parsed.filter }
    : `The filter is not valid: ${Object.values(parsed.problems).join('; ')}`;
}

/** Saves a new filter of the user in a company and queues `POST .../reporting/saveReportFilter`. */
export async function saveReportFilter(
  db: AppDb,
  params: { companyId: number; userId: number; name: string; reportType: ReportTypeId; filter: ReportFilter },
): Promise<FilterWriteResult> {
  const problem = filterNameProblem(params.name);
  if (problem) return { ok: false, problem };
  const jsonFilter = checkedFilter(params.filter);
  if (typeof jsonFilter === 'string') return { ok: false, problem: jsonFilter };
  const id = randomId();
  const now = new Date().toISOString();
  const name = params.name.trim();
  const row: ReportFilterRow = {
    id,
    companyId: params.companyId,
    userId: params.userId,
    // 0 until the server's answer brings the real version: no server write has this version.
    version: 0,
    updatedAt: now,
    createdAt: now,
    name,
    reportType: params.reportType,
    jsonFilter,
  };
  const entry = await enqueue(db, {
    companyId: params.companyId,
    write: 'saveReportFilter',
    params: { companyId: params.companyId },
    body: { id, name, reportType: params.reportType, jsonFilter },
    entity: 'reportFilters',
    entityId: id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
  });
  return { ok: true, entry, id };
}

/** Renames a saved filter, or replaces its type and filter, and queues `PUT .../reporting/{id}`. */
export async function updateReportFilter(
  db: AppDb,
  id: string,
  changes: { name?: string; reportType?: ReportTypeId; filter?: ReportFilter },
): Promise<FilterWriteResult> {
  const current = await db.reportFilters.get(id);
  if (!current) return { ok: false, problem: 'This saved filter is no longer on this device' };
  const fields: Record<string, unknown> = {};
  if (changes.name !== undefined) {
    const problem = filterNameProblem(changes.name);
    if (problem) return { ok: false, problem };
    fields.name = changes.name.trim();
  }
  if (changes.reportType !== undefined) fields.reportType = changes.reportType;
  if (changes.filter !== undefined) {
    const jsonFilter = checkedFilter(changes.filter);
    if (typeof jsonFilter === 'string') return { ok: false, problem: jsonFilter };
    fields.jsonFilter = jsonFilter;
  }
  const entry = await enqueue(db, {
    companyId: current.companyId,
    write: 'updateReportFilter',
    params: { companyId: current.companyId, id },
    body: fields,
    entity: 'reportFilters',
    entityId: id,
    change: { kind: 'patch', fields },
  });
  return { ok: true, entry, id };
}

/** Deletes a saved filter and queues `DELETE .../reporting/{id}`. */
export async function deleteReportFilter(db: AppDb, id: string): Promise<FilterWriteResult> {
  const current = await db.reportFilters.get(id);
  if (!current) return { ok: false, problem: 'This saved filter is no longer on this device' };
  const entry = await enqueue(db, {
    companyId: current.companyId,
    write: 'deleteReportFilter',
    params: { companyId: current.companyId, id },
    entity: 'reportFilters',
    entityId: id,
    change: { kind: 'delete' },
  });
  return { ok: true, entry, id };
}
