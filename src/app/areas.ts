// Every area module of src/features/<area>/area.ts, found by Vite at build time: adding an area is adding its
// folder (and its row in the domain's AREAS table, which says who may open it).
import { AREA_KEYS } from '../domain/nav';
import type { AreaKey } from '../domain/nav';
import type { AreaModule } from '../platform/area/areaModule';

/** The area modules by file (`../features/locations/area.ts`), as Vite's glob finds them. */
export const AREA_MODULE_FILES: Readonly<Record<string, AreaModule>> = import.meta.glob<AreaModule>(
  '../features/*/area.ts',
  { eager: true, import: 'area' },
);

const byKey = new Map(Object.values(AREA_MODULE_FILES).map((module) => [module.key, module]));

/** The area modules in the spec's sidebar order; an area of the domain table without a module is left out. */
export const AREA_MODULES: readonly AreaModule[] = AREA_KEYS.flatMap((key) => {
  const module = byKey.get(key);
  return module ? [module] : [];
});

/** The module of an area, if its folder exists. */
export function areaModuleOf(key: AreaKey): AreaModule | undefined {
  return byKey.get(key);
}
