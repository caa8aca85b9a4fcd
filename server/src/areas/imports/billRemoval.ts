// Bills leaving a company through an import (docs/architecture.md §14 Imports): a batch undone takes its bills away, a
// re-issued statement replaces the earlier bill. Either way the bill goes with the alerts the audits raised on it (and
// their notes), each through its tombstone so devices drop their copies; what hangs on the bill and is not the bill's
// own (payments, bill pay notes, attachments) moves to the bill that takes its place, or, with none, a payment keeps
// its amount and loses the link and the bill's notes go with it. A replaced bill is kept whole in the batch that
// replaced it, so an undo puts it back as it was.
import { and, eq, inArray } from 'drizzle-orm';
import { chunkIds, earlierStatementsOf } from '../../../../src/domain/bills';
import {
  accounts,
  locations,
  alertNotes,
  alerts,
  billAttachments,
  billCharges,
  billLines,
  billPayBillNotes,
  billUsages,
  bills,
  paymentConfirmations,
  tombstones,
} from '../../db/schema';
import type { ImportCreated, ReplacedBill } from '../../db/schema/imports';
import type { Tx } from '../../db/tx';
import { refusedValueState } from '../../http/errorHandling';
import { writeTombstones } from '../../sync/versioning';

/** Ids per statement: each is then an index lookup, and far under a statement's 65,535 parameters. */
const ID_CHUNK = 5000;

/** Moves what hangs on bills (payments, bill pay notes, attachments) from one bill to another, pair by pair. */
async function moveBillLinks(
  tx: Tx,
  companyId: number,
  version: number,
  moves: readonly { from: string; to: string }[],
): Promise<void> {
  for (const { from, to } of moves) {
    await tx
      .update(paymentConfirmations)
      .set({ billId: to, version })
      .where(and(eq(paymentConfirmations.companyId, companyId), eq(paymentConfirmations.billId, from)));
    await tx
      .update(billPayBillNotes)
      .set({ billId: to })
      .where(and(eq(billPayBillNotes.companyId, companyId), eq(billPayBillNotes.billId, from)));
    await tx
      .update(billAttachments)
      .set({ billId: to })
      .where(and(eq(billAttachments.companyId, companyId), eq(billAttachments.billId, from)));
  }
}

/**
 * Deletes bills of the company with their lines, the alerts raised on them and those alerts' notes, writing the
 * tombstones; payments that named one keep their amount and lose the link, its bill pay notes go with it.
 */
export async function removeBills(
  tx: Tx,
  companyId: number,
  version: number,
  billIds: readonly string[],
): Promise<void> {
  for (const chunk of chunkIds(billIds, ID_CHUNK)) {
    const alertIds = (
      await tx
        .select({ id: alerts.id })
        .from(alerts)
        .where(and(eq(alerts.companyId, companyId), inArray(alerts.billId, chunk)))
    ).map((alert) => alert.id);
    if (alertIds.length > 0) {
      const notes = await tx
        .delete(alertNotes)
        .where(inArray(alertNotes.alertId, alertIds))
        .returning({ id: alertNotes.id });
      await writeTombstones(
        tx,
        companyId,
        'alertNotes',
        notes.map((note) => note.id),
        version,
      );
      await tx.delete(alerts).where(inArray(alerts.id, alertIds));
      await writeTombstones(tx, companyId, 'alerts', alertIds, version);
    }
    await tx
      .update(paymentConfirmations)
      .set({ billId: null, version })
      .where(and(eq(paymentConfirmations.companyId, companyId), inArray(paymentConfirmations.billId, chunk)));
    await tx
      .delete(billPayBillNotes)
      .where(and(eq(billPayBillNotes.companyId, companyId), inArray(billPayBillNotes.billId, chunk)));
    // Charges, usages, the synced lines row and attachments go with the bill (ON DELETE CASCADE).
    await tx.delete(bills).where(and(eq(bills.companyId, companyId), inArray(bills.id, chunk)));
    await writeTombstones(tx, companyId, 'billLines', chunk, version);
    await writeTombstones(tx, companyId, 'bills', chunk, version);
  }
}

/**
 * Replaces each earlier bill by its re-issue (already written): the re-issue keeps the earlier statement's figures in
 * its history, what hangs on the earlier bill moves to it, then the earlier bill is removed. Answers the earlier bills as they were, for the batch to keep.
 */
export async function replaceBills(
  tx: Tx,
  companyId: number,
  version: number,
  replacements: readonly { earlierId: string; byBillId: string }[],
): Promise<ReplacedBill[]> {
  if (replacements.length === 0) return [];
  const kept: ReplacedBill[] = [];
  for (const chunk of chunkIds([...replacements], ID_CHUNK)) {
    const ids = chunk.map((one) => one.earlierId);
    const rows = await tx
      .select()
      .from(bills)
      .where(and(eq(bills.companyId, companyId), inArray(bills.id, ids)));
    const charges = await tx.select().from(billCharges).where(inArray(billCharges.billId, ids));
    const usages = await tx.select().from(billUsages).where(inArray(billUsages.billId, ids));
    const lines = await tx
      .select({ id: billLines.id, charges: billLines.charges, usages: billLines.usages })
      .from(billLines)
      .where(inArray(billLines.id, ids));
    for (const { earlierId, byBillId } of chunk) {
      const row = rows.find((bill) => bill.id === earlierId);
      if (!row) continue;
      const { updatedAt: _updatedAt, ...bill } = row;
      const line = lines.find((one) => one.id === earlierId);
      kept.push({
        byBillId,
        bill,
        charges: charges.filter((one) => one.billId === earlierId),
        usages: usages.filter((one) => one.billId === earlierId),
        lines: line ? { charges: line.charges, usages: line.usages } : null,
      });
    }
  }
  const replacedAt = new Date().toISOString();
  for (const { bill, byBillId } of kept)
    await tx
      .update(bills)
      .set({ earlierStatements: earlierStatementsOf(bill, replacedAt) })
      .where(and(eq(bills.companyId, companyId), eq(bills.id, byBillId)));
  await moveBillLinks(
    tx,
    companyId,
    version,
    kept.map((one) => ({ from: one.bill.id, to: one.byBillId })),
  );
  await removeBills(
    tx,
    companyId,
    version,
    kept.map((one) => one.bill.id),
  );
  return kept;
}

/**
 * Puts replaced bills back as they were (with the new version, so devices take them again) and moves back what had
 * moved to their re-issues; the re-issues are removed after this by the undo.
 */
export async function restoreBills(
  tx: Tx,
  companyId: number,
  version: number,
  replaced: readonly ReplacedBill[],
): Promise<void> {
  for (const chunk of chunkIds([...replaced], 1000)) {
    // Their tombstones go: a device that has not pulled the removal yet gets the bill as it is, not a removal after it.
    await tx.delete(tombstones).where(
      and(
        eq(tombstones.companyId, companyId),
        inArray(tombstones.entity, ['bills', 'billLines']),
        inArray(
          tombstones.entityId,
          chunk.map((one) => one.bill.id),
        ),
      ),
    );
    await tx.insert(bills).values(chunk.map((one) => ({ ...one.bill, companyId, version })));
    const charges = chunk.flatMap((one) => one.charges);
    const usages = chunk.flatMap((one) => one.usages);
    if (charges.length > 0) await tx.insert(billCharges).values(charges);
    if (usages.length > 0) await tx.insert(billUsages).values(usages);
    const lines = chunk.flatMap((one) =>
      one.lines ? [{ id: one.bill.id, companyId, version, ...one.lines }] : [],
    );
    if (lines.length > 0) await tx.insert(billLines).values(lines);
  }
  await moveBillLinks(
    tx,
    companyId,
    version,
    replaced.map((one) => ({ from: one.byBillId, to: one.bill.id })),
  );
}

/**
 * Removes the sites and accounts an import created, each unless something has come to need it since (bills of
 * another file, a meter, a contract…): each is tried in a savepoint, and one a row still names stays.
 */
export async function removeCreated(
  tx: Tx,
  companyId: number,
  version: number,
  created: ImportCreated,
): Promise<void> {
  const tryRemove = async (entity: 'accounts' | 'locations', id: string) => {
    const table = entity === 'accounts' ? accounts : locations;
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.delete(table).where(and(eq(table.companyId, companyId), eq(table.id, id)));
      });
      await writeTombstones(tx, companyId, entity, [id], version);
    } catch (error) {
      // 23503, foreign_key_violation: a row still names it, so it stays. Anything else is a failure.
      if (refusedValueState(error) !== '23503') throw error;
    }
  };
  for (const id of created.accounts ?? []) await tryRemove('accounts', id);
  for (const id of created.locations ?? []) await tryRemove('locations', id);
}
