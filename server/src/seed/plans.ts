// What each seeded company looks like: flags, size, states, kinds of sites and the extras it gets.
import type { companies } from '../db/schema';
import { FOOD, HEALTH, RETAIL, SCHOOLS } from './siteTypes';
import type { SiteType } from './siteTypes';

/** Size of the demo: 'demo' for people, 'small' for tests that need the same companies quickly. */
export type SeedSize = 'demo' | 'small';

/** The extra services a site may have, with the chance of each (electric is always there). */
export interface ServiceOdds {
  natural_gas: number;
  water: number;
  trash: number;
  telecom: number;
}

/** The plan of one seeded company. */
export interface CompanyPlan {
  /** Stable label of the company's random streams. */
  key: string;
  name: string;
  flags: Partial<typeof companies.$inferInsert>;
  /** Locations per size; scale companies use `demo`. */
  locations: Readonly<Record<SeedSize, number>>;
  /** States in use; the first is TX so even the smallest company shows the esiId rule. */
  states: readonly string[];
  siteTypes: readonly SiteType[];
  /** How sites are named (see locations.ts). */
  naming: 'store' | 'market' | 'clinic' | 'school' | 'facility';
  /** Custom attribute names, in grid order. */
  attributes: readonly string[];
  tags: readonly string[];
  services: ServiceOdds;
  /** Share of sites registered with ENERGY STAR (only with energyStarAccess). */
  energyStarShare: number;
  /** Supply contracts to create (besides extensions). */
  contracts: number;
  /** Domain of the client's own contacts. */
  domain: string;
}

const ALL_FLAGS = {
  sustainabilityAccess: true,
  billPayAccess: true,
  apAccess: true,
  budgetsAccess: true,
  alertsAccess: true,
  energyStarAccess: true,
  openCloseAccess: true,
  accrualsAccess: true,
  weatherNormalizationAccess: true,
  isEsActive: true,
  susScopeTooltipAccess: true,
  companyHasSupportAccess: true,
} as const;

/** Fixed ids of the demo companies (docs/architecture.md §6: companies have integer ids). */
export const COMPANY_IDS = {
  consultancy: 1,
  northwind: 2,
  harbor: 3,
  summit: 4,
  cedar: 5,
  cedarNorth: 6,
  cedarSouth: 7,
} as const;

/** Name of the consultancy, company 1. */
export const CONSULTANCY_NAME = 'GET Energy Consultants';

function cedarPlan(
  key: string,
  name: string,
  states: readonly string[],
  sizes: Record<SeedSize, number>,
): CompanyPlan {
  return {
    key,
    name,
    flags: { sustainabilityAccess: true, energyStarAccess: true, isEsActive: true, alertsAccess: true },
    locations: sizes,
    states,
    siteTypes: SCHOOLS,
    naming: 'school',
    attributes: ['Campus Code', 'Grade Band', 'Cost Center'],
    tags: ['Summer Closed', 'Portable Classrooms', 'HVAC Upgrade', 'Solar Ready'],
    services: { natural_gas: 0.8, water: 0.9, trash: 0.4, telecom: 0.25 },
    energyStarShare: 0.7,
    contracts: 6,
    domain: 'cedarschools.demo',
  };
}

/** The client companies of the demo, in id order (Cedar's children follow their parent). */
export const CLIENT_PLANS: Readonly<Record<Exclude<keyof typeof COMPANY_IDS, 'consultancy'>, CompanyPlan>> = {
  northwind: {
    key: 'northwind',
    name: 'Northwind Retail',
    flags: { ...ALL_FLAGS, archiveTableName: 'archive_northwind_statements' },
    locations: { demo: 180, small: 8 },
    states: ['TX', 'CA', 'IL', 'GA', 'FL', 'NY', 'OH', 'AZ', 'CO', 'WA'],
    siteTypes: RETAIL,
    naming: 'store',
    attributes: ['Region', 'Store Format', 'Cost Center'],
    tags: [
      'LED Retrofit 2025',
      'Solar Ready',
      'Demand Response',
      'Remodel Planned',
      'High Priority',
      '24-Hour Store',
    ],
    services: { natural_gas: 0.55, water: 0.8, trash: 0.35, telecom: 0.2 },
    energyStarShare: 0.25,
    contracts: 14,
    domain: 'northwind.demo',
  },
  harbor: {
    key: 'harbor',
    name: 'Harbor Foods',
    flags: {
      companyTypeId: 2,
      apAccess: true,
      billPayAccess: true,
      accrualsAccess: true,
      sustainabilityAccess: true,
    },
    locations: { demo: 70, small: 6 },
    states: ['TX', 'LA', 'OK', 'GA', 'FL'],
    siteTypes: FOOD,
    naming: 'market',
    attributes: ['Region', 'Cost Center'],
    tags: ['Refrigeration Upgrade', 'Cold Storage', 'High Priority'],
    services: { natural_gas: 0.7, water: 0.9, trash: 0.6, telecom: 0.2 },
    energyStarShare: 0,
    contracts: 8,
    domain: 'harbor.demo',
  },
  summit: {
    key: 'summit',
    name: 'Summit Health',
    flags: { budgetsAccess: true, openCloseAccess: true, alertsAccess: true, sustainabilityAccess: true },
    locations: { demo: 90, small: 6 },
    states: ['TX', 'NM', 'AZ', 'CO', 'OK'],
    siteTypes: HEALTH,
    naming: 'clinic',
    attributes: ['Region', 'Service Line', 'Cost Center'],
    tags: ['24/7 Operations', 'Backup Generator', 'LEED Certified', 'High Priority'],
    services: { natural_gas: 0.6, water: 0.85, trash: 0.5, telecom: 0.3 },
    energyStarShare: 0,
    contracts: 9,
    domain: 'summit.demo',
  },
  cedar: cedarPlan('cedar', 'Cedar Schools', ['TX', 'OK'], { demo: 40, small: 5 }),
  cedarNorth: cedarPlan('cedar-north', 'Cedar Schools — North District', ['TX', 'OK'], {
    demo: 60,
    small: 5,
  }),
  cedarSouth: cedarPlan('cedar-south', 'Cedar Schools — South District', ['TX', 'LA'], {
    demo: 55,
    small: 5,
  }),
};

/** Bill months per size: three years for the demo, 13 months (one year-over-year pair) for tests. */
export const MONTHS_BY_SIZE: Readonly<Record<SeedSize, number>> = { demo: 36, small: 13 };

/** The plan of a scale-mode company with `locations` sites (many accounts each, alerts only). */
export function scalePlan(label: string, locations: number): CompanyPlan {
  return {
    key: `scale-${label}`,
    name: `Scale ${label} Holdings`,
    flags: { alertsAccess: true, sustainabilityAccess: true, archiveTableName: 'archive_scale_statements' },
    locations: { demo: locations, small: locations },
    states: ['TX', 'CA', 'IL', 'GA', 'FL', 'NY', 'OH', 'AZ', 'CO', 'WA', 'LA', 'OK', 'NM', 'PA', 'NC'],
    siteTypes: RETAIL,
    naming: 'facility',
    attributes: ['Region', 'Cost Center'],
    tags: ['Benchmark', 'High Priority'],
    // Near-certain extras so the company averages about 3.5 accounts per site (≥ 4,000 accounts for L).
    services: { natural_gas: 0.9, water: 0.95, trash: 0.85, telecom: 0.5 },
    energyStarShare: 0,
    contracts: 12,
    domain: 'scale.demo',
  };
}
