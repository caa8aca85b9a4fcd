// What the assistant's planner decides (docs/architecture.md §14 GET AI): one plan per user message. Plans name only typed
// tool arguments (a report type id, a report filter, a page of ours, location ids of the chat's company), never
// free text taken from data, so nothing a site name or note says can steer a tool.
import type { ReportFilter } from '../reports/filter';
import type { ReportTypeId } from '../reports/types';

/** A figure the assistant answers from a report's rows, with the report offered for the detail. */
export type FigureKind =
  'spend' | 'usage' | 'missingInvoices' | 'expiringContracts' | 'topSites' | 'emissions' | 'budget' | 'trend';

/** A page of ours a navigation opens, relative to the company's root; `search` is the page's quick filter. */
export interface PageTarget {
  page: 'locations' | 'accounts' | 'location' | 'alerts';
  locationId?: string;
  search?: string;
}

/** The planner's decision. */
export type AssistantPlan =
  | { kind: 'report'; reportType: ReportTypeId; filter: ReportFilter; understood: string[] }
  | {
      kind: 'figure';
      figure: FigureKind;
      reportType: ReportTypeId;
      filter: ReportFilter;
      understood: string[];
      /** Contracts ending within this many days; the top N sites. */
      days?: number;
      top?: number;
    }
  | { kind: 'navigate'; target: PageTarget; understood: string[] }
  | { kind: 'ticket'; description: string }
  /** The company's open alerts, counted by the audit rule that raised them. */
  | { kind: 'openAlerts' }
  | { kind: 'greeting' }
  | { kind: 'help' }
  /** Ambiguous: the bot asks back, each option an utterance that settles it. */
  | { kind: 'clarify'; question: string; options: string[] }
  /** The device told the bot a report it generated had no rows (spec 000 §4 'Report returned 0 rows.'). */
  | { kind: 'noRows' }
  | { kind: 'unknown' };

/** What the planner knows of the moment and the company, handed in by the server or the device. */
export interface PlannerContext {
  /** Today, `YYYY-MM-DD`: calendar periods count from it. */
  today: string;
  /** The latest month with bills (`YYYY-MM`), where rolling windows end; today's month when there are none. */
  latestMonth: string;
  /** The company's locations: names and cities are matched, ids go into filters. */
  locations: readonly { id: string; name: string; city: string; state: string }[];
  /** Whether the company has sustainability access (emissions reports need it). */
  sustainabilityAccess: boolean;
  /** Whether the company has weather normalisation: trend answers then give weather-normalised usage too. */
  weatherNormalizationAccess?: boolean;
}

/** The window that covers every contract still running: "active contracts" are those ending within it. */
export const ACTIVE_CONTRACT_DAYS = 3650;
