import { describe, expect, it } from 'vitest';
import {
  Closed,
  ColumnNumber,
  INTEGER_COLUMN,
  NullableColumnNumber,
  numberColumnBounds,
  numericColumn,
} from '../../src/domain/requestSchemas';
import { INTEGER_BOUNDS, numericBounds } from '../../src/domain/validation';
import { SYNCED_WRITES } from '../../src/domain/syncedWrites';
import { Type } from 'typebox';

describe('request schema pieces', () => {
  it('bounds a number by its column: numeric(p,s) from its precision, integer by 32 bits', () => {
    expect(numberColumnBounds(numericColumn(14, 2))).toEqual({ ...numericBounds(14, 2), integer: false });
    expect(numberColumnBounds(INTEGER_COLUMN)).toEqual({ ...INTEGER_BOUNDS, integer: true });
  });

  it('narrows a column number to its rule, never past the column', () => {
    expect(ColumnNumber(numericColumn(14, 2), { minimum: 0 })).toMatchObject({
      type: 'number',
      minimum: 0,
      maximum: numericBounds(14, 2).maximum,
    });
    expect(ColumnNumber(INTEGER_COLUMN, { minimum: 1, maximum: 10 ** 12 })).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: INTEGER_BOUNDS.maximum,
    });
  });

  it('takes null in the same schema as the number (a list of types, not a union)', () => {
    expect(NullableColumnNumber(INTEGER_COLUMN)).toMatchObject({ type: ['integer', 'null'] });
  });

  it('closes an object as Type.Object with additionalProperties false does', () => {
    const properties = { id: Type.String() };
    expect(Closed(properties)).toEqual(Type.Object(properties, { additionalProperties: false }));
  });

  it('gives every body and query of a synced write an object schema that refuses unnamed fields', () => {
    for (const [name, definition] of Object.entries(SYNCED_WRITES)) {
      const schemas = [
        'body' in definition ? definition.body : null,
        'query' in definition ? definition.query : null,
      ];
      for (const schema of schemas)
        if (schema) expect(schema, name).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });
});
