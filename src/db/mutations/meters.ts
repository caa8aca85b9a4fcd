// Meter writes of the single-account page through the outbox (docs/architecture.md §1, §4): each is checked with the server's
// own rules first (src/domain/meters.ts), applied locally and queued in one transaction, so it works offline and
// the server rarely has reason to reject it; when it does, the Sync panel shows why and the change rolls back.
import { checkMeterUpdate, checkNewMeter } from '../../domain/meters';
import type {
  Checked,
  MeterUpdateInput,
  MeterUpdateValues,
  NewMeterInput,
  NewMeterValues,
} from '../../domain/meters';
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { MeterRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A checked write: the queued entry, or the field problems that kept it from being queued. */
export type MeterWriteResult<K extends string> =
  { ok: true; entry: OutboxEntry; meterId: string } | { ok: false; problems: Partial<Record<K, string>> };

async function accountWithState(db: AppDb, accountId: string) {
  const account = await db.accounts.get(accountId);
  if (!account) throw new Error(`Account ${accountId} is not in the local database`);
  const location = (await db.locations.get(account.locationId)) ?? null;
  // The server's rule: the account's service state, else its location's.
  return { account, location, state: account.serviceState ?? location?.state ?? null };
}

/**
 * Adds a meter to an account: checks it, creates the row under a client-made id (docs/architecture.md §6) and queues
 * `POST /api/accounts/addMeterRecord` with that id, so a retried or replayed request never makes a second meter.
 */
export async function addMeter(
  db: AppDb,
  accountId: string,
  input: NewMeterInput,
): Promise<MeterWriteResult<keyof NewMeterInput>> {
  const { account, location, state } = await accountWithState(db, accountId);
  const existing = await db.meters.where('accountId').equals(accountId).toArray();
  const checked: Checked<NewMeterValues, keyof NewMeterInput> = checkNewMeter(
    input,
    state,
    existing.map((meter) => meter.meterNumber),
  );
  if (!checked.ok) return checked;
  const id = randomId();
  const row: MeterRow = {
    id,
    companyId: account.companyId,
    // 0 until the server's answer brings the real version: no server write has this version.
    version: 0,
    updatedAt: new Date().toISOString(),
    accountId,
    ...checked.values,
    subAddress: null,
    serviceCity: account.serviceCity ?? location?.city ?? null,
    serviceState: state,
    serviceZip: account.serviceZip ?? location?.zip ?? null,
  };
  const entry = await enqueue(db, {
    companyId: account.companyId,
    write: 'addMeter',
    params: {},
    body: { id, accountId, ...checked.values },
    entity: 'meters',
    entityId: id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
  });
  return { ok: true, entry, meterId: id };
}

/**
 * Updates a meter's ESI ID, sub-address and service city, state and zip: checks them as the server does, patches
 * the meter and queues `PUT /api/updateEsiIdSubAddress` (If-Match: the meter's version).
 */
export async function updateMeterEsiId(
  db: AppDb,
  meterId: string,
  input: MeterUpdateInput,
): Promise<MeterWriteResult<keyof MeterUpdateInput>> {
  const meter = await db.meters.get(meterId);
  if (!meter) throw new Error(`Meter ${meterId} is not in the local database`);
  const { state } = await accountWithState(db, meter.accountId);
  const checked: Checked<MeterUpdateValues, keyof MeterUpdateInput> = checkMeterUpdate(input, state);
  if (!checked.ok) return checked;
  const entry = await enqueue(db, {
    companyId: meter.companyId,
    write: 'updateEsiIdSubAddress',
    params: {},
    body: { id: meterId, ...checked.values },
    entity: 'meters',
    entityId: meterId,
    change: { kind: 'patch', fields: { ...checked.values } },
  });
  return { ok: true, entry, meterId };
}
