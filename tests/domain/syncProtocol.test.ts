import { describe, expect, it } from 'vitest';
import { SYNCED_ENTITY_NAMES, asChangePage, isSyncedEntityName } from '../../src/domain/syncProtocol';

describe('SYNCED_ENTITY_NAMES', () => {
  it('lists each entity once, the company record last', () => {
    expect(new Set(SYNCED_ENTITY_NAMES).size).toBe(SYNCED_ENTITY_NAMES.length);
    expect(SYNCED_ENTITY_NAMES.at(-1)).toBe('companies');
  });
});

describe('isSyncedEntityName', () => {
  it.each([
    ['bills', true],
    ['companies', true],
    ['invoices', false],
    ['', false],
  ])('%j → %s', (name, expected) => {
    expect(isSyncedEntityName(name)).toBe(expected);
  });
});

describe('asChangePage', () => {
  const put = { entity: 'bills', op: 'put', id: 'b1', version: 3, row: { id: 'b1' } };
  const del = { entity: 'tags', op: 'del', id: 't1', version: 4 };

  it('accepts a page of puts and deletes, entities it does not know included', () => {
    const page = { changes: [put, del, { ...put, entity: 'invoices' }], cursor: '4', hasMore: false };
    expect(asChangePage(page)).toBe(page);
    expect(asChangePage({ changes: [], cursor: '0', hasMore: true })).toEqual({
      changes: [],
      cursor: '0',
      hasMore: true,
    });
  });

  it.each([
    ['no object', 'Bad gateway'],
    ['null', null],
    ['an array', []],
    ['no changes list', { changes: {}, cursor: '1', hasMore: false }],
    ['a numeric cursor', { changes: [], cursor: 1, hasMore: false }],
    ['no hasMore', { changes: [], cursor: '1' }],
    ['a change that is no object', { changes: [1], cursor: '1', hasMore: false }],
    ['a change without entity', { changes: [{ ...put, entity: 3 }], cursor: '1', hasMore: false }],
    ['a change with a numeric id', { changes: [{ ...put, id: 7 }], cursor: '1', hasMore: false }],
    ['an unknown op', { changes: [{ ...put, op: 'patch' }], cursor: '1', hasMore: false }],
    ['a put without row', { changes: [{ ...del, op: 'put' }], cursor: '1', hasMore: false }],
  ])('refuses %s', (_, body) => {
    expect(asChangePage(body)).toBeNull();
  });
});
