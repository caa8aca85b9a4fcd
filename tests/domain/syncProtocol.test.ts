import { describe, expect, it } from 'vitest';
import { SYNCED_ENTITY_NAMES, isSyncedEntityName } from '../../src/domain/syncProtocol';

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
