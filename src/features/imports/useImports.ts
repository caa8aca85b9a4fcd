// The imports area's live reads (docs/architecture.md §14 Imports): the company's batches, its accounts to import a
// Green Button file into, and the imports still in this device's outbox.
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb } from '../../db/schema';
import type { ImportBatchRow } from '../../db/rows';
import type { OutboxEntry } from '../../db/syncRows';
import type { BillColumnMapping } from '../../domain/imports/spreadsheet/headers';
import type { Choice } from '../../ui/fields/choices';

/** The company's import batches, newest first. */
export function useImportBatches(db: AppDb | null, companyId: number | null): ImportBatchRow[] | undefined {
  return useLiveQuery(async () => {
    if (!db || companyId === null) return undefined;
    const rows = await db.importBatches.where('companyId').equals(companyId).toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [db, companyId]);
}

/**
 * The imports of the company this device queued and the server refused (their pending batch was rolled back; the
 * entry keeps the reason until the user dismisses it in the Sync panel).
 */
export function useRefusedImports(db: AppDb | null, companyId: number | null): OutboxEntry[] {
  return (
    useLiveQuery(async () => {
      if (!db || companyId === null) return [];
      const entries = await db.outbox.where('companyId').equals(companyId).toArray();
      return entries.filter(
        (entry) => entry.status === 'rejected' && entry.method === 'POST' && /\/imports$/.test(entry.path),
      );
    }, [db, companyId]) ?? []
  );
}

/** The names of the company's users by id (synced to admins and consultants, who are the ones who import). */
export function useUserNames(db: AppDb | null, companyId: number | null): Map<number, string> {
  return (
    useLiveQuery(async () => {
      if (!db || companyId === null) return new Map<number, string>();
      const users = await db.companyUsers.where('companyId').equals(companyId).toArray();
      return new Map(users.map((user) => [Number(user.id), `${user.firstName} ${user.lastName}`.trim()]));
    }, [db, companyId]) ?? new Map<number, string>()
  );
}

/** The company's accounts as choices ('Account number · Vendor'). */
export function useAccountChoices(db: AppDb | null, companyId: number | null): Choice[] | undefined {
  return useLiveQuery(async () => {
    if (!db || companyId === null) return undefined;
    const accounts = await db.accounts.where('companyId').equals(companyId).toArray();
    return accounts
      .map((account) => ({ value: account.id, label: `${account.accountNumber} · ${account.vendorName}` }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [db, companyId]);
}

/** The mapping of the company's last applied spreadsheet, which the next file starts from. */
export function savedMappingOf(batches: readonly ImportBatchRow[] | undefined): BillColumnMapping | null {
  const last = batches?.find(
    (batch) => batch.kind === 'bills' && batch.status === 'applied' && batch.mapping !== null,
  );
  return (last?.mapping as BillColumnMapping | undefined) ?? null;
}
