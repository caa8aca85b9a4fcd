import { describe, expect, it } from 'vitest';
import { packPage, unpackPage } from '../../src/domain/feedColumns';
import type { ChangePage } from '../../src/domain/syncProtocol';

const site = (id: string, version: number, name: string) => ({
  entity: 'locations',
  op: 'put' as const,
  id,
  version,
  row: { id, companyId: 2, version, name, zip: null },
});

/** Puts of three entities, a run broken by a delete, rows of one entity with other keys, the company's number id. */
const PAGE: ChangePage = {
  changes: [
    site('a', 1, 'Austin'),
    site('b', 1, 'Boise'),
    {
      entity: 'bills',
      op: 'put',
      id: 'x',
      version: 2,
      row: { id: 'x', version: 2, services: [{ serviceType: 'electric', charges: 10.5 }] },
    },
    { entity: 'locations', op: 'del', id: 'b', version: 3 },
    { entity: 'locations', op: 'del', id: 'c', version: 3 },
    { entity: 'tags', op: 'del', id: 't', version: 3 },
    site('b', 4, 'Boise again'),
    { entity: 'locations', op: 'put', id: 'd', version: 4, row: { id: 'd', version: 4, name: 'Dallas' } },
    { entity: 'companies', op: 'put', id: '2', version: 5, row: { id: 2, version: 5, name: 'Northwind' } },
  ],
  cursor: 'b2026-02.x@5',
  hasMore: true,
  pendingBills: '2026-02',
};

describe('the change feed in column form', () => {
  it('packs runs of one entity as columns and unpacks the same page, change for change', () => {
    const packed = packPage(PAGE);
    expect(packed.runs.map((run) => [run.entity, 'puts' in run ? run.puts : run.deletes.length])).toEqual([
      ['locations', 2],
      ['bills', 1],
      ['locations', 2],
      ['tags', 1],
      ['locations', 1],
      // Another set of keys starts a new run.
      ['locations', 1],
      ['companies', 1],
    ]);
    expect(packed.runs[0]).toEqual({
      entity: 'locations',
      puts: 2,
      columns: {
        id: ['a', 'b'],
        companyId: [2, 2],
        version: [1, 1],
        name: ['Austin', 'Boise'],
        zip: [null, null],
      },
    });
    expect(packed).toMatchObject({ cursor: PAGE.cursor, hasMore: true, pendingBills: '2026-02' });
    expect(unpackPage(JSON.parse(JSON.stringify(packed)))).toEqual(PAGE);
  });

  it('keeps a page without pending bills without one', () => {
    const page: ChangePage = { changes: [], cursor: '7', hasMore: false };
    expect(unpackPage(packPage(page))).toEqual(page);
  });

  it('refuses bodies that are not a page in column form', () => {
    const good = packPage(PAGE);
    const broken: unknown[] = [
      null,
      'Bad gateway',
      { changes: [], cursor: '1', hasMore: false },
      { ...good, cursor: 1 },
      { ...good, pendingBills: 3 },
      { ...good, runs: [{ entity: 'tags', puts: 2, columns: { id: ['a'], version: [1] } }] },
      { ...good, runs: [{ entity: 'tags', puts: 1, columns: { name: ['no id'] } }] },
      { ...good, runs: [{ entity: 'tags', puts: 1, columns: { id: [{}], version: [1] } }] },
      { ...good, runs: [{ entity: 'tags', puts: 1, columns: { id: ['a'], version: ['1'] } }] },
      { ...good, runs: [{ entity: 'tags', deletes: [['a']] }] },
      { ...good, runs: [{ entity: 'tags', deletes: 'a' }] },
      { ...good, runs: [{ puts: 1, columns: { id: ['a'], version: [1] } }] },
      { ...good, runs: ['tags'] },
    ];
    for (const body of broken) expect(unpackPage(body), JSON.stringify(body)).toBeNull();
  });
});
