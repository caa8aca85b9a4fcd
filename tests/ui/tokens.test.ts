// tokens.css is the one source of the design tokens; the few colours code needs without the stylesheet
// (src/ui/palette.ts) must say the same, in both themes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_PALETTE, FONT_STACK, LIGHT_PALETTE } from '../../src/ui/palette';

const ROOT = join(import.meta.dirname, '../..');
const tokens = readFileSync(join(ROOT, 'src/ui/tokens.css'), 'utf8');

/** The custom properties declared in the first rule whose selector is exactly `selector`. */
function declarations(selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(tokens)?.[1] ?? '';
  return new Map(
    [...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]),
  );
}

describe('design tokens', () => {
  const dark = declarations(':root');
  const light = declarations(":root[data-theme='light']");

  it('declares the dark theme on :root and the light theme over it', () => {
    expect(dark.size).toBeGreaterThan(80);
    expect(light.get('bg')).toBeDefined();
  });

  it.each([
    ['dark', DARK_PALETTE, () => dark],
    ['light', LIGHT_PALETTE, () => light],
  ] as const)('palette.ts has the %s theme of tokens.css', (_name, palette, read) => {
    for (const [name, value] of Object.entries(palette)) expect(read().get(name), name).toBe(value);
  });

  it('palette.ts has the font stack of tokens.css', () => {
    expect(dark.get('font')).toBe(FONT_STACK);
  });

  it('gives the light theme every colour the dark theme sets', () => {
    const colours = [...dark].filter(([, value]) => /^#|^rgb/.test(value)).map(([name]) => name);
    expect(colours.filter((name) => !light.has(name))).toEqual([]);
  });

  it('every var() a stylesheet reads is declared by a stylesheet or set inline by a component', () => {
    const declared = new Set([...tokens.matchAll(/--([\w-]+):/g)].map((match) => match[1] ?? ''));
    const sheets = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFileSync(join(ROOT, 'src', name), 'utf8'));
    for (const sheet of sheets)
      for (const match of sheet.matchAll(/--([\w-]+):/g)) declared.add(match[1] ?? '');
    const read = new Set(
      sheets.flatMap((sheet) => [...sheet.matchAll(/var\(--([\w-]+)/g)].map((match) => match[1] ?? '')),
    );
    // Properties components set inline (serviceColourStyle's --service-colour, figureFitStyle's --figure-chars).
    const inline = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) => [...readFileSync(join(ROOT, 'src', name), 'utf8').matchAll(/'--([\w-]+)'/g)])
      .map((match) => match[1] ?? '');
    const unknown = [...read].filter((name) => !declared.has(name) && !inline.includes(name));
    expect(unknown).toEqual([]);
  });
});
