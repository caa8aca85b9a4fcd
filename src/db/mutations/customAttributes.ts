// The company's custom attribute list through the outbox: one queued write of the whole list, offline too.
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { RowWrite } from '../outbox';
import type { CustomAttributeRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** One attribute of the new list; existing ones keep their id. */
export interface CustomAttributeInput {
  id?: string;
  attributeName: string;
}

/**
 * Makes a company's custom attributes exactly `list`, in its order: one queued write of
 * `PUT /api/{companyId}/editCustomAttributes` whose effects are the company record (the list's aggregate, whose
 * version If-Match carries: server/src/areas/locations/customAttributes.ts), every attribute of the list, and the removal of
 * dropped attributes with their values at every location, as the server does. New attributes get their final id
 * here (docs/architecture.md §6). Read and queued in one transaction.
 */
export async function saveCustomAttributes(
  db: AppDb,
  companyId: number,
  list: readonly CustomAttributeInput[],
): Promise<OutboxEntry> {
  const tables = [db.outbox, db.meta, db.companies, db.customAttributes, db.locationAttributeValues];
  return db.transaction('rw', tables, async () => {
    const company = await db.companies.get(companyId);
    if (!company) throw new Error(`Company ${companyId} is not in the local database`);
    const current = await db.customAttributes.where('companyId').equals(companyId).toArray();
    const byId = new Map(current.map((row) => [row.id, row]));
    const now = new Date().toISOString();
    const rows = list.map((item, position): CustomAttributeRow => {
      const existing = item.id ? byId.get(item.id) : undefined;
      return {
        ...(existing ?? { id: item.id ?? randomId(), companyId, version: 0, updatedAt: now }),
        attributeName: item.attributeName.trim(),
        position,
      };
    });
    const keptIds = new Set(rows.map((row) => row.id));
    const dropped = current.filter((row) => !keptIds.has(row.id)).map((row) => row.id);
    const values = dropped.length
      ? await db.locationAttributeValues.where('attributeId').anyOf(dropped).toArray()
      : [];
    const effects: RowWrite[] = [
      { entity: 'companies', entityId: companyId, change: { kind: 'patch', fields: {} } },
      ...rows.map((row): RowWrite => ({
        entity: 'customAttributes',
        entityId: row.id,
        change: { kind: 'put', row: { ...row } },
      })),
      ...dropped.map((id): RowWrite => ({
        entity: 'customAttributes',
        entityId: id,
        change: { kind: 'delete' },
      })),
      ...values.map((value): RowWrite => ({
        entity: 'locationAttributeValues',
        entityId: value.id,
        change: { kind: 'delete' },
      })),
    ];
    return enqueue(db, {
      companyId,
      write: 'editCustomAttributes',
      params: { companyId },
      body: { customAttributes: rows.map(({ id, attributeName }) => ({ id, attributeName })) },
      effects,
      answerRows: { company: 'companies', customAttributes: 'customAttributes' },
      label: `Custom attributes of ${company.name}`,
      ifMatch: true,
    });
  });
}
