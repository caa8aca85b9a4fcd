import ExcelJS from 'exceljs';
import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { buildXlsxFile, POST_CHUNK_ROWS } from '../../src/export/exportClient';
import type { ExportWorkerConnection } from '../../src/export/exportClient';
import type { ExportSourceColumn } from '../../src/export/exportRows';
import { api } from '../../workers/export/api';

// The real worker API served over a MessageChannel: the same Comlink path as the browser's Worker.
const open: MessagePort[] = [];
function connect(): ExportWorkerConnection {
  const { port1, port2 } = new MessageChannel();
  expose(api, port2);
  open.push(port1, port2);
  return {
    endpoint: port1,
    close: () => {
      port1.close();
      port2.close();
    },
  };
}
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

interface Site {
  name: string;
  services: string[];
  spend: number;
  change: number | null;
  opened: string;
  billId: string;
}

const columns: ExportSourceColumn<Site>[] = [
  { title: 'Name', kind: 'text', width: 210, value: (s) => s.name },
  { title: 'Services', kind: 'text', value: (s) => s.services },
  { title: 'Total Spend', kind: 'currency', value: (s) => s.spend },
  { title: 'Change', kind: 'percent', value: (s) => s.change },
  { title: 'Opened', kind: 'date', value: (s) => s.opened },
  {
    title: 'VIEW BILL',
    kind: 'link',
    value: () => 'VIEW BILL',
    href: (s) => `https://portal.example/api/bills/${s.billId}`,
  },
];

const sites: Site[] = Array.from({ length: POST_CHUNK_ROWS * 2 + 5 }, (_, i) => ({
  name: `Site ${i}`,
  services: i === 0 ? [] : ['Electricity', 'Water'],
  spend: 100 + i / 4,
  change: i === 0 ? null : 12.5,
  opened: '2024-07-01',
  billId: `b${i}`,
}));

describe('buildXlsxFile', () => {
  it('posts rows in chunks to the worker API and returns a dated .xlsx with progress to 100', async () => {
    const progress: number[] = [];
    const file = await buildXlsxFile(
      { title: 'Locations', columns, rows: sites, onProgress: (p) => progress.push(p) },
      connect,
    );
    expect(file.fileName).toMatch(/^Locations_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.blob.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(sites.length + 1);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Services',
      'Total Spend',
      'Change',
      'Opened',
      'VIEW BILL',
    ]);
    // The grid's pixel width becomes Excel characters (px / 7).
    expect(sheet?.getColumn(1).width).toBe(30);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      'Site 0',
      'N/A',
      100,
      'N/A',
      new Date(Date.UTC(2024, 6, 1)),
      { text: 'VIEW BILL', hyperlink: 'https://portal.example/api/bills/b0' },
    ]);
    const last = sheet?.getRow(sites.length + 1);
    expect(last?.getCell(1).value).toBe(`Site ${sites.length - 1}`);
    expect(last?.getCell(2).value).toBe('Electricity, Water');
    // Grid percents (12.5) are written as the fraction Excel's % format expects.
    expect(last?.getCell(4).value).toBe(0.125);
    expect(last?.getCell(4).numFmt).toBe('0.00%');
    expect(last?.getCell(3).numFmt).toBe('"$"#,##0.00');
  });

  it('stops and closes the worker when aborted', async () => {
    const controller = new AbortController();
    let closed = false;
    const request = buildXlsxFile(
      {
        title: 'Locations',
        columns,
        rows: sites,
        signal: controller.signal,
        onProgress: (p) => {
          if (p > 0) controller.abort(new Error('Export cancelled'));
        },
      },
      () => {
        const connection = connect();
        return { endpoint: connection.endpoint, close: () => ((closed = true), connection.close()) };
      },
    );
    await expect(request).rejects.toThrow('Export cancelled');
    expect(closed).toBe(true);
  });

  it('rejects at once when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      buildXlsxFile({ title: 'X', columns, rows: sites, signal: controller.signal }, connect),
    ).rejects.toThrow('gone');
  });
});
