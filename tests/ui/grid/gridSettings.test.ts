import { describe, expect, it } from 'vitest';
import type { GridColumnDef } from '../../../src/ui/grid/columns';
import { orderedIds, parseVisibleIds, serializeVisibleIds } from '../../../src/ui/grid/gridSettings';

const column = (id: string, isHiddenByDefault = false): GridColumnDef<unknown> => ({
  id,
  title: id,
  kind: 'text',
  value: () => null,
  isHiddenByDefault,
});
const columns = [column('name'), column('city'), column('Cost, per sqft'), column('legacy', true)];

describe('grid settings text', () => {
  it('is the comma list of visible ids, commas inside an id escaped', () => {
    expect(serializeVisibleIds(['name', 'city'])).toBe('name,city');
    const text = serializeVisibleIds(['name', 'Cost, per sqft', '100%']);
    expect(text).toBe('name,Cost%2C per sqft,100%25');
    expect(parseVisibleIds(text, [...columns, column('100%')])).toEqual(['name', 'Cost, per sqft', '100%']);
  });

  it("reads ids in the columns' order and drops ids of columns that are gone", () => {
    expect(parseVisibleIds('legacy,gone,name', columns)).toEqual(['name', 'legacy']);
  });

  it('falls back to the defaults when nothing usable was saved', () => {
    const defaults = ['name', 'city', 'Cost, per sqft'];
    expect(parseVisibleIds(null, columns)).toEqual(defaults);
    expect(parseVisibleIds(undefined, columns)).toEqual(defaults);
    expect(parseVisibleIds('  ', columns)).toEqual(defaults);
    expect(parseVisibleIds('gone,also-gone', columns)).toEqual(defaults);
  });

  it('orders a choice by the columns', () => {
    expect(orderedIds(['legacy', 'name', 'nope'], columns)).toEqual(['name', 'legacy']);
  });
});
