// Starts the real server for the browser tests: the built app, a fresh embedded database in a
// temporary folder (seeded with the demo data on start), removed again when Playwright stops it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'get-e2e-'));
const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SKIP_SPA_BUILD: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The browser tests sign in many times a minute from one address.
    RATE_LIMIT_SCALE: '100',
  },
});

function stop() {
  child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
