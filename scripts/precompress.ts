// Vite plugin: after the build (and after the PWA plugin has written sw.js and the workbox runtime), writes a
// brotli (.br) and a gzip (.gz) copy beside every text asset of 1 KB or more, at the highest levels. The server
// serves them as they are (@fastify/static `preCompressed`), so the app's files cost no compression work per
// request and reach the browser at their smallest (docs/architecture.md §9).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files smaller than this gain too little to be worth a second request path. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file of `dir`; returns how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let count = 0;
  for (const file of files) {
    if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
  }
  return count;
}

/** The plugin: runs last, once the output folder is complete. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'get-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
