import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'workers', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the built SPA is missing or older than any of its sources. */
export function isSpaStale(rootDir: string, spaDir: string): boolean {
  const built = join(spaDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(rootDir, source)) > builtAt);
}

/** Builds the SPA with Vite when it is missing or stale, so `npm start` always serves current code. */
export function ensureSpaBuilt(rootDir: string, spaDir: string): void {
  if (!isSpaStale(rootDir, spaDir)) return;
  console.log('Building the web app (missing or older than its sources)...');
  const result = spawnSync('npx', ['vite', 'build', '--outDir', spaDir, '--emptyOutDir'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app build failed; see the output above.');
}
