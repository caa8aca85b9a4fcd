import { describe, it, expect } from 'vitest';
import { emissionScope, SCOPE_DESCRIPTIONS, SCOPE_LABELS } from '../../src/domain/emissions';
import type { EmissionScope } from '../../src/domain/emissions';

describe('emissionScope', () => {
  it.each<[string, EmissionScope]>([
    ['natural_gas', 1],
    ['Natural Gas', 1],
    ['NATURAL_GAS', 1],
    ['natural-gas', 1],
    ['propane', 1],
    [' Propane ', 1],
    ['electric', 2],
    ['Electric', 2],
    ['Electricity', 2],
    ['lighting', 2],
    ['Outdoor Lighting', 2],
    ['water', 3],
    ['sewer', 3],
    ['fuel_oil', 3],
    ['steam', 3],
    ['', 3],
    ['gas', 3],
  ])('puts %j in scope %i', (serviceType, scope) => {
    expect(emissionScope(serviceType)).toBe(scope);
  });
});

describe('SCOPE_LABELS', () => {
  it('names and describes each scope', () => {
    expect(SCOPE_LABELS).toEqual({ 1: 'Scope 1', 2: 'Scope 2', 3: 'Scope 3' });
    expect(SCOPE_DESCRIPTIONS[1]).toBe('Natural gas and propane');
    expect(SCOPE_DESCRIPTIONS[2]).toBe('Electric and lighting');
    expect(SCOPE_DESCRIPTIONS[3]).toBe('All other services');
  });
});
