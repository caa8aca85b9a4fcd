// A report run while the device's copy of what it reads is incomplete says so, and so does its exported file
// (src/domain/completeness.ts): the worker reads the company's download state when it runs.
import 'fake-indexeddb/auto';
import { MessageChannel } from 'node:worker_threads';
import { expose } from 'comlink';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { dbNameFor, openAppDb } from '../../../src/db/schema';
import type { SyncStateRow } from '../../../src/db/syncRows';
import { defaultFilter } from '../../../src/domain/reports/filter';
import { api as exportApi } from '../../../workers/export/api';
import { api } from '../../../workers/reports/api';

const USER = 90_417;
const COMPANY = 7;
const db = openAppDb(USER);

afterAll(async () => {
  db.close();
  await db.delete();
});

function state(pendingBills: string | null, lastSyncAt: string | null): SyncStateRow {
  return {
    companyId: COMPANY,
    cursor: 'page-3',
    lastSyncAt,
    rowCounts: {},
    bytes: 0,
    status: pendingBills ? 'syncing' : 'idle',
    error: null,
    isOffline: false,
    pendingBills,
  };
}

async function exported(runId: number): Promise<ExcelJS.Workbook> {
  const channel = new MessageChannel();
  expose(exportApi, channel.port1 as unknown as MessagePort);
  const buffer = await api.exportXlsx(runId, channel.port2 as unknown as MessagePort, 'Charges by Month');
  channel.port1.close();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer);
  return book;
}

describe('a report run during a first download', () => {
  it('names the months still coming on screen and in the file, and nothing once they are here', async () => {
    api.open(USER);
    expect(db.name).toBe(dbNameFor(USER));
    // Nov 2025 and earlier still coming, a report of Nov 2025 – Oct 2026.
    await db.syncState.put(state('2025-11', null));
    const request = {
      companyId: COMPANY,
      reportType: 'chargesByMonth' as const,
      filter: defaultFilter('2026-10'),
      today: '2026-11-28',
    };
    const during = await api.run(request);
    expect(during.incomplete).toContain('bills of Nov 2025 are still coming');
    const book = await exported(during.runId);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Charges by Month', 'Notes']);
    expect(book.getWorksheet('Notes')?.getCell('A1').value).toBe(during.incomplete);

    await db.syncState.put(state(null, '2026-11-28T10:00:00Z'));
    const after = await api.run(request);
    expect(after.incomplete).toBeNull();
    expect((await exported(after.runId)).worksheets.map((sheet) => sheet.name)).toEqual(['Charges by Month']);
  });
});
