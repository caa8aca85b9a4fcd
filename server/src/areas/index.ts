// The server by area (docs/architecture.md §2): server/src/areas/<area>/ holds an area's routes, reads and writes,
// named by the same key as src/features/<area> (src/domain/nav.ts AreaKey, and the few pages that are not areas:
// auth, company, consultant, assistant, sync). Each folder's routes.ts registers its routes; they are found here by
// folder, as the client finds src/features/<area>/area.ts, so a new area adds no line to a central list.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { App, AppDeps } from '../http/types';
import { healthRoutes } from '../http/health';
import type { SeedWriter } from '../seed/bulkInsert';
import type { SeededCompany } from '../seed/context';

/** What an area folder's routes.ts exports. */
interface AreaRoutes {
  registerRoutes(app: App, deps: AppDeps): Promise<void>;
}

/**
 * What an area folder's seed.ts exports, where the area has demo rows of its own: they are written after the rows
 * every area reads (sites, accounts, bills), each area's from its own random stream, so the order of the areas does
 * not change any row.
 */
export interface AreaSeed {
  seedArea: (writer: SeedWriter, company: SeededCompany) => Promise<void>;
}

const AREAS_DIR = dirname(fileURLToPath(import.meta.url));

/** The area folders, in name order (registration order does not matter to the router). */
export function areaFolders(): string[] {
  return readdirSync(AREAS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Registers the health route and every area's routes. */
export async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  await healthRoutes(app, deps);
  for (const folder of areaFolders()) {
    const area = (await import(pathToFileURL(join(AREAS_DIR, folder, 'routes.ts')).href)) as AreaRoutes;
    await area.registerRoutes(app, deps);
  }
}

/** The seeds of the areas that have one (a seed.ts in their folder), in folder order. */
export async function areaSeeds(): Promise<AreaSeed[]> {
  const files = areaFolders()
    .map((folder) => join(AREAS_DIR, folder, 'seed.ts'))
    .filter((file) => existsSync(file));
  return Promise.all(files.map(async (file) => (await import(pathToFileURL(file).href)) as AreaSeed));
}
