// Class names and stylesheets must agree: a class written in a component that no stylesheet defines styles
// nothing (a typo, or a class renamed on one side only), and a rule no component uses is dead weight.
// Both follow the BEM convention written at the top of src/ui/components.css.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => join(dir, name));
}

const stylesheets = filesUnder(SRC, /\.css$/);
const components = filesUnder(SRC, /\.tsx?$/);

/** Class selectors of a stylesheet (comments and url() left out). */
function classesOf(css: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/url\([^)]*\)/g, '');
  return [...code.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '');
}

/** The string literals of a `className` expression, the static text of template literals included. */
function literalsOf(expression: string): string[] {
  return [...expression.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
}

const CLASS_TOKEN =
  /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:__[a-z0-9]+(?:-[a-z0-9]+)*)?(?:--[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/** Every class token a component writes (any `…className=` prop), with the file it is in. */
function usedClasses(): { token: string; file: string }[] {
  const used: { token: string; file: string }[] = [];
  for (const file of components) {
    const source = readFileSync(file, 'utf8');
    // className="a b", className={cond ? 'a' : 'b'}, className={`a ${b}`}, inputClassName="…"
    for (const match of source.matchAll(/[cC]lassName=(\{(?:[^{}]|\{[^{}]*\})*\}|"[^"]*")/g)) {
      for (const literal of literalsOf(match[1] ?? '')) {
        // A token glued to a ${…} part is built at run time (e.g. `modal__panel--${size}`).
        const staticText = literal.replace(/[\w-]*\$\{[^}]*\}[\w-]*/g, ' ');
        for (const token of staticText.split(/\s+/).filter(Boolean)) {
          if (CLASS_TOKEN.test(token)) used.push({ token, file: relative(ROOT, file) });
        }
      }
    }
  }
  return used;
}

describe('class names', () => {
  const defined = new Set(stylesheets.flatMap((file) => classesOf(readFileSync(file, 'utf8'))));
  const used = usedClasses();

  it('finds the components and stylesheets it checks', () => {
    expect(stylesheets.length).toBeGreaterThan(10);
    expect(used.length).toBeGreaterThan(200);
  });

  it('uses only classes some stylesheet defines', () => {
    const missing = used
      .filter(({ token }) => !defined.has(token))
      .map(({ token, file }) => `${file}: ${token}`);
    expect(missing).toEqual([]);
  });

  it('follows BEM: block, block__element, block--modifier, kebab-case', () => {
    const wrong = [...defined].filter((name) => !CLASS_TOKEN.test(name));
    expect(wrong).toEqual([]);
  });

  it('defines no class that no component uses', () => {
    const sources = components.map((file) => readFileSync(file, 'utf8')).join('\n');
    // Classes completed at run time count as used by their static start (`modal__panel--${size}`).
    const prefixes = [...sources.matchAll(/([a-z][\w-]*--)\$\{/g)].map((match) => match[1] ?? '');
    const unused = [...defined].filter(
      (name) =>
        !new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(sources) &&
        !prefixes.some((prefix) => name.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});
