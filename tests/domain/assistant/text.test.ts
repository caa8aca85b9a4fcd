import { describe, expect, it } from 'vitest';
import { correctWord, editDistance, indexOfPhrase, wordsOf } from '../../../src/domain/assistant/text';
import { numberAfter, numberOf } from '../../../src/domain/assistant/numbers';
import { parsePeriod } from '../../../src/domain/assistant/periods';
import { citiesIn, servicesIn, statesIn } from '../../../src/domain/assistant/entities';
import { CONTEXT } from './fixture';

describe('text', () => {
  it('splits words, keeping decimals and apostrophes', () => {
    expect(wordsOf("What's the 1.5 kWh rate, in Texas?")).toEqual([
      "what's",
      'the',
      '1.5',
      'kwh',
      'rate',
      'in',
      'texas',
    ]);
  });
  it('measures edits, counting a swap of neighbours as one', () => {
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('corrects only unambiguous misspellings of long enough words', () => {
    const vocabulary = new Set(['emissions', 'missing', 'cost', 'cast']);
    expect(correctWord('emisions', vocabulary)).toBe('emissions');
    expect(correctWord('mising', vocabulary)).toBe('missing');
    expect(correctWord('cst', vocabulary)).toBe('cst');
    expect(correctWord('cxst', vocabulary)).toBe('cxst'); // cost or cast? a tie is no guess
    expect(correctWord('2025', vocabulary)).toBe('2025');
  });
  it('finds phrases', () => {
    expect(indexOfPhrase(['a', 'natural', 'gas'], ['natural', 'gas'])).toBe(1);
    expect(indexOfPhrase(['natural'], ['natural', 'gas'])).toBe(-1);
  });
});

describe('numbers', () => {
  it('reads digits and words', () => {
    expect(numberOf('1,000')).toBe(1000);
    expect(numberOf('twelve')).toBe(12);
    expect(numberOf('a')).toBeUndefined();
    expect(numberOf('a', true)).toBe(1);
    expect(numberOf(undefined)).toBeUndefined();
    expect(numberAfter(['top', 'the', '3'], ['top'])).toBe(3);
    expect(numberAfter(['top', 'sites'], ['top'])).toBeUndefined();
  });
});

describe('periods', () => {
  const at = (text: string) => parsePeriod(wordsOf(text), '2026-02-10', '2026-01');
  it('counts calendar periods from today and rolling windows from the latest bills', () => {
    expect(at('last quarter')).toMatchObject({ fromMonth: '2025-10', toMonth: '2025-12', label: 'Q4 2025' });
    expect(at('last 3 months')).toMatchObject({ fromMonth: '2025-11', toMonth: '2026-01' });
    expect(at('past year')).toMatchObject({ fromMonth: '2025-01', toMonth: '2025-12' });
    expect(at('last 2 years')).toMatchObject({ fromMonth: '2024-02', toMonth: '2026-01' });
    expect(at('last 500 months')).toBeUndefined();
    expect(at('since march')).toMatchObject({ fromMonth: '2025-03', toMonth: '2026-02' });
    expect(at('from november to february')).toMatchObject({ fromMonth: '2025-11', toMonth: '2026-02' });
    expect(at('q4')).toMatchObject({ fromMonth: '2025-10', toMonth: '2025-12' });
    expect(at('this quarter')).toMatchObject({ fromMonth: '2026-01', toMonth: '2026-03' });
    expect(at('year to date')).toMatchObject({ fromMonth: '2026-01', toMonth: '2026-02' });
    expect(at('from 2024 to 2025')).toMatchObject({ fromMonth: '2024-01', toMonth: '2025-12' });
    expect(at('between may 2025 and 2024')).toMatchObject({ fromMonth: '2025-05', toMonth: '2025-05' });
    expect(at('may I')).toBeUndefined();
    expect(at('nothing here')).toBeUndefined();
  });
});

describe('entities', () => {
  it('reads services, scopes, states and cities', () => {
    expect(servicesIn(wordsOf('natural gas and power'))).toEqual(['electric', 'natural_gas']);
    expect(servicesIn(wordsOf('greenhouse gas'))).toEqual([]);
    expect(statesIn('in TX or new york, ok', wordsOf('in TX or new york, ok'))).toEqual(['NY', 'TX']);
    expect(statesIn('califrnia', ['califrnia'])).toEqual(['CA']);
    expect(citiesIn(wordsOf('san antonio and phenix'), CONTEXT.locations)).toEqual([
      'Phoenix',
      'San Antonio',
    ]);
    expect(citiesIn(['x'], [{ id: '1', name: 'n', city: ' ', state: 'TX' }])).toEqual([]);
  });
});
