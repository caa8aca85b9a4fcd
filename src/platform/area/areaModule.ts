// The one module each area exports from `src/features/<area>/area.ts` (docs/architecture.md §2, §7: features own their routes
// and pages). The router, sidebar, breadcrumb and guards are built from these modules and the area rules of
// src/domain/nav.ts; see src/app/areas.ts.
import type { LucideIcon } from 'lucide-react';
import type { RouteObject } from 'react-router-dom';
import type { AreaKey } from '../../domain/nav';
import { lazyPage } from './lazyPage';

/** A lazy page module for react-router (`lazyPage(() => import('./Page'))`, exporting `Component`). */
export type LazyPage = NonNullable<RouteObject['lazy']>;

/** One page of an area. */
export interface AreaPage {
  /**
   * The path pattern relative to the app root (`locations/:id`). It is served there for clients and under
   * /companies/:compId/ for consultants (only there for a consultant-only area).
   */
  readonly path: string;
  /** The breadcrumb's name of the page. */
  readonly crumb: string;
  /** The lazy page module. */
  readonly page: LazyPage;
  /**
   * The area whose rule guards the page when it is not the page's own area: the site Energy Star page belongs to
   * Locations but needs Energy Star access (spec 000 §5).
   */
  readonly guardedBy?: AreaKey;
  /** The page's name where it differs from the area's label (the not-available page shows it). */
  readonly title?: string;
  /**
   * Why the product serves a page the spec's route table (first document §2) does not list. Every page without it is
   * one of the spec's routes (tests/app/areas.test.ts holds them to the table).
   */
  readonly notInSpec?: string;
}

/** What an area declares: its key in the domain's table (AREAS), its sidebar icon and its pages. */
export interface AreaModule {
  readonly key: AreaKey;
  readonly icon: LucideIcon;
  readonly pages: readonly AreaPage[];
}

/** The honest page of an area that is not built yet: it names the area and shows no data. */
export const notBuiltYet: LazyPage = lazyPage(() => import('./AreaUnavailablePage'));
