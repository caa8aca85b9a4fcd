// The server is organised by area (docs/architecture.md §2): each folder of server/src/areas is named as the client's
// src/features/<area> (an AreaKey of src/domain/nav.ts, or one of the pages that are not areas), and registers its
// routes from its routes.ts, which the server finds by folder.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaFolders, areaSeeds } from '../../server/src/areas';
import { seedArea as seedEnergyStar } from '../../server/src/areas/companyEnergyStar/seed';
import { AREA_KEYS } from '../../src/domain/nav';

const root = resolve(import.meta.dirname, '../..');
const clientFeatures = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('server areas', () => {
  it('are named as the client names them, and each registers its routes from routes.ts', () => {
    // 'company': the company record, its configuration and a user's settings, which every area reads.
    const names = new Set<string>([...AREA_KEYS, ...clientFeatures, 'company']);
    expect(areaFolders().length).toBeGreaterThan(15);
    for (const folder of areaFolders()) {
      expect(names.has(folder), folder).toBe(true);
      expect(existsSync(join(root, 'server/src/areas', folder, 'routes.ts')), `${folder}/routes.ts`).toBe(
        true,
      );
    }
  });

  it("run the seed of each area that has one, from its folder's seed.ts", async () => {
    const seeds = await areaSeeds();
    const withSeed = areaFolders().filter((folder) =>
      existsSync(join(root, 'server/src/areas', folder, 'seed.ts')),
    );
    expect(withSeed).toContain('companyEnergyStar');
    expect(seeds).toHaveLength(withSeed.length);
    expect(seeds.map((seed) => seed.seedArea)).toContain(seedEnergyStar);
  });
});
