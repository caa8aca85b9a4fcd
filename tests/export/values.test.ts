import { describe, expect, it } from 'vitest';
import { columnLetters } from '../../workers/export/sheet';
import { excelDateSerial, isBlank, linkUrl, numericValue, textValue } from '../../workers/export/values';
import { escapeXml } from '../../workers/export/xml';

describe('excelDateSerial', () => {
  it.each([
    ['2025-03-04', 45720],
    ['2025-03-04T23:30:00-05:00', 45720],
    ['2025-03', 45717],
    ['1970-01-01', 25569],
    ['2024-02-29', 45351],
    [Date.UTC(2025, 2, 4, 18), 45720],
    [new Date(Date.UTC(2025, 2, 4, 23, 59)), 45720],
  ])('%s is day %s', (value, serial) => {
    expect(excelDateSerial(value)).toBe(serial);
  });

  it.each([
    ['2025-02-30'],
    ['2025-13'],
    ['March 2025'],
    [''],
    [null],
    [Number.NaN],
    [new Date('x')],
    [['2025-01-01']],
  ])('rejects %s', (value) => {
    expect(excelDateSerial(value)).toBeNull();
  });
});

describe('numericValue', () => {
  it.each([
    [12, 12],
    [-0, 0],
    ['1,234.5', 1234.5],
    ['$2,000.10', 2000.1],
    ['(3.10)', -3.1],
    ['abc', null],
    ['', null],
    [Number.POSITIVE_INFINITY, null],
    [true, null],
  ])('%s → %s', (value, expected) => {
    expect(numericValue(value)).toBe(expected);
  });
});

describe('textValue and isBlank', () => {
  it.each([
    [null, 'N/A', true],
    [undefined, 'N/A', true],
    ['  ', 'N/A', true],
    [[], 'N/A', true],
    [['', null], 'N/A', true],
    [['Electricity', ' Water ', null], 'Electricity, Water', false],
    ['Water', 'Water', false],
    [0, '0', false],
    [false, 'false', false],
    [new Date(Date.UTC(2025, 0, 2)), '2025-01-02', false],
  ])('%s → %s', (value, text, blank) => {
    expect(textValue(value)).toBe(text);
    expect(isBlank(value)).toBe(blank);
  });
});

describe('linkUrl', () => {
  it.each([
    ['https://a.example/x?y=1', undefined, 'https://a.example/x?y=1'],
    ['/api/bills/1', 'https://portal.example', 'https://portal.example/api/bills/1'],
    ['/api/bills/1', undefined, null],
    ['mailto:ap@example.com', undefined, 'mailto:ap@example.com'],
    ['javascript:alert(1)', 'https://portal.example', null],
    ['//evil.example/x', 'https://portal.example', null],
    ['bills/1', 'https://portal.example', null],
    ['', 'https://portal.example', null],
  ])('%s (base %s) → %s', (value, base, expected) => {
    expect(linkUrl(value, base)).toBe(expected);
  });
});

describe('columnLetters', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('%s → %s', (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
  });
});

describe('escapeXml', () => {
  it('escapes markup, drops forbidden control characters and keeps tabs and new lines', () => {
    expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(escapeXml('x\u0000y\u001Fz\t\n')).toBe('xyz\t\n');
    expect(escapeXml('x'.repeat(40_000))).toHaveLength(32_767);
  });
});
