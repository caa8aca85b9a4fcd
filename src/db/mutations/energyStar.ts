// ENERGY STAR writes through the outbox (docs/architecture.md §4): a site's monthly score and its notes. Each is
// checked first with the server's own rules (src/domain/energyStar.ts), applied locally and queued in one
// transaction, so it works offline and is sent once when the network allows. Rows created here get their final id
// (docs/architecture.md §6). Notes are sent to their company's twin URLs: a delete replayed after its answer was
// lost still reaches the stored answer there, though the note it names is gone (server/src/areas/companyEnergyStar/energyStarNotes.ts).
import { esNoteProblem, esScoreProblem } from '../../domain/energyStar';
import { monthKey } from '../../domain/totals';
import { randomId } from '../ids';
import { enqueue, enqueuePatch } from '../outbox';
import type { EnergyStarMetricRow, EnergyStarNoteRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A checked write: the queued entry, or why it was not queued (the field's message). */
export type EsWriteResult = { ok: true; entry: OutboxEntry; id: string } | { ok: false; problem: string };

/**
 * Sets a site's score for the month of `date` (`YYYY-MM-DD`) and queues `PUT /api/locations/{id}/updateEsScore`:
 * the month's row is patched (If-Match: its version), or created under a new id when the month has none yet.
 */
export async function updateEsScore(
  db: AppDb,
  locationId: string,
  score: number,
  date: string,
): Promise<EsWriteResult> {
  const problem = esScoreProblem(score);
  if (problem) return { ok: false, problem };
  const metricMonth = monthKey(date);
  if (metricMonth === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date))
    return { ok: false, problem: 'must be a date' };
  const location = await db.locations.get(locationId);
  if (!location) throw new Error(`Location ${locationId} is not in the local database`);
  const existing = await db.energyStarMetrics
    .where('[locationId+metricMonth]')
    .equals([locationId, metricMonth])
    .first();
  if (existing) {
    const entry = await enqueue(db, {
      companyId: location.companyId,
      write: 'updateEsScore',
      params: { id: locationId },
      body: { esScore: score, esScoreDate: date },
      entity: 'energyStarMetrics',
      entityId: existing.id,
      change: { kind: 'patch', fields: { score } },
    });
    return { ok: true, entry, id: existing.id };
  }
  const id = randomId();
  const row: EnergyStarMetricRow = {
    id,
    companyId: location.companyId,
    // 0 until the server's answer brings the real version: no server write has this version.
    version: 0,
    updatedAt: new Date().toISOString(),
    locationId,
    metricMonth,
    score,
    isBaseline: false,
    sourceIntensity: null,
    locationIntensity: null,
    sourceTotal: null,
    locationTotal: null,
    totalGHGEmissions: null,
    startDate: null,
    dateMeterBecameActive: null,
  };
  const entry = await enqueue(db, {
    companyId: location.companyId,
    write: 'updateEsScore',
    params: { id: locationId },
    body: { esScore: score, esScoreDate: date, id },
    entity: 'energyStarMetrics',
    entityId: id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
  });
  return { ok: true, entry, id };
}

/** Adds a note to a site and queues `POST /api/companies/{companyId}/energystar/addnote` with the note's new id. */
export async function addEsNote(db: AppDb, locationId: string, text: string): Promise<EsWriteResult> {
  const problem = esNoteProblem(text);
  if (problem) return { ok: false, problem };
  const location = await db.locations.get(locationId);
  if (!location) throw new Error(`Location ${locationId} is not in the local database`);
  const id = randomId();
  const now = new Date().toISOString();
  const note = text.trim();
  const row: EnergyStarNoteRow = {
    id,
    companyId: location.companyId,
    version: 0,
    updatedAt: now,
    locationId,
    note,
    createDate: now,
    modifiedAt: null,
  };
  const entry = await enqueue(db, {
    companyId: location.companyId,
    write: 'addEsNote',
    params: { companyId: location.companyId },
    body: { id, locationId, note },
    entity: 'energyStarNotes',
    entityId: id,
    change: { kind: 'put', row: { ...row } },
    ifMatch: false,
  });
  return { ok: true, entry, id };
}

async function noteOrThrow(db: AppDb, noteId: string): Promise<EnergyStarNoteRow> {
  const note = await db.energyStarNotes.get(noteId);
  if (!note) throw new Error(`Note ${noteId} is not in the local database`);
  return note;
}

/** Changes a note's text and queues `PUT .../energystar/updateNote` (If-Match: the note's version). */
export async function updateEsNote(db: AppDb, noteId: string, text: string): Promise<EsWriteResult> {
  const problem = esNoteProblem(text);
  if (problem) return { ok: false, problem };
  const current = await noteOrThrow(db, noteId);
  const entry = await enqueuePatch(db, {
    write: 'updateEsNote',
    rowId: noteId,
    params: { companyId: current.companyId },
    body: { id: noteId, note: text.trim() },
  });
  return { ok: true, entry, id: noteId };
}

/** Removes a note and queues `DELETE .../energystar/{id}/deleteNote` (If-Match: the note's version). */
export async function deleteEsNote(db: AppDb, noteId: string): Promise<OutboxEntry> {
  const current = await noteOrThrow(db, noteId);
  return enqueue(db, {
    companyId: current.companyId,
    write: 'deleteEsNote',
    params: { companyId: current.companyId, id: noteId },
    entity: 'energyStarNotes',
    entityId: noteId,
    change: { kind: 'delete' },
  });
}
