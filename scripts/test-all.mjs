// `npm test`: typecheck, lint, the format check (Prettier), Vitest (with domain coverage), the server suite on PostgreSQL when
// TEST_DATABASE_URL is set, build, then the browser tests.
// Ends with one plain line `N passed, N failed` summing both runners; a failing check
// (typecheck, lint, coverage threshold, build) counts as one failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const outDir = '.test-results';
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

/** Each step's time, printed at the end: CI has a time budget (docs/architecture.md §10), this says where it goes. */
const timings = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function check(label, command, args) {
  if (!run(label, command, args)) {
    failed += 1;
    failures.push(label);
  }
}

// Side by side on CI's 2 cores the three take as long as one after the other (tried: lint 224 s instead of 126 s).
check('typecheck', 'npx', ['tsc', '-b']);
check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('format', 'npx', ['prettier', '--check', '.']);

// The server suite runs here on the embedded database the product starts with (PGlite), even when CI has set
// TEST_DATABASE_URL: PostgreSQL has its own run below.
const vitestJson = join(outDir, 'vitest.json');
const vitestOk = run(
  'unit and integration tests',
  'npx',
  ['vitest', 'run', '--coverage', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { TEST_DATABASE_URL: undefined },
);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (!vitestOk && vitest.numFailedTests === 0) {
    failed += 1;
    failures.push('vitest (coverage threshold or a suite that failed to load)');
  }
} else {
  failed += 1;
  failures.push('vitest (no results)');
}

// CI points TEST_DATABASE_URL at a real PostgreSQL: the server suite runs again against it.
if (process.env.TEST_DATABASE_URL) {
  const pgJson = join(outDir, 'vitest-postgres.json');
  const pgOk = run('server tests on PostgreSQL', 'npx', [
    'vitest',
    'run',
    'tests/server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgJson}`,
  ]);
  const pgResults = readJson(pgJson);
  if (pgResults) {
    passed += pgResults.numPassedTests;
    failed += pgResults.numFailedTests;
    if (!pgOk && pgResults.numFailedTests === 0) {
      failed += 1;
      failures.push('vitest on PostgreSQL (a suite failed to load)');
    }
  } else {
    failed += 1;
    failures.push('vitest on PostgreSQL (no results)');
  }
} else {
  console.log(
    '\n(TEST_DATABASE_URL unset: the server suite ran on embedded PGlite only; CI also runs it on PostgreSQL.)',
  );
}

if (run('build', 'npx', ['vite', 'build'])) {
  const playwrightJson = join(outDir, 'playwright.json');
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson,
  });
  const stats = readJson(playwrightJson)?.stats;
  if (stats) {
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    if (!e2eOk && stats.unexpected === 0) {
      failed += 1;
      failures.push('playwright (setup failed)');
    }
  } else {
    failed += 1;
    failures.push('playwright (no results)');
  }
} else {
  failed += 1;
  failures.push('build');
}

console.log(`\nTime by step: ${timings.join(', ')}`);
if (failures.length > 0) console.log(`\nFailed checks: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
