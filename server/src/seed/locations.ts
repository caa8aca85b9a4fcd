// Sites of a company with their custom attribute values, tags and site tags (all synced tables).
import type { customAttributes, locationAttributeValues, siteTags, tags } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { CompanyContext, SeedLocation } from './context';
import type { CompanyPlan } from './plans';
import type { SiteType } from './siteTypes';
import { rngFor } from './random';
import type { Rng } from './random';
import { stateInfo } from './states';
import type { StateInfo } from './states';
import { PLACE_WORDS, STREETS, STREET_SUFFIXES } from './words';

/** Locations and the rows that describe them. */
export interface LocationData {
  locations: SeedLocation[];
  attributes: SyncedInsert<typeof customAttributes>[];
  attributeValues: SyncedInsert<typeof locationAttributeValues>[];
  tags: SyncedInsert<typeof tags>[];
  siteTags: SyncedInsert<typeof siteTags>[];
}

/** The company name's first word ('Northwind', 'Harbor'...), used in site names. */
function brand(plan: CompanyPlan): string {
  return plan.name.split(' ')[0] ?? plan.name;
}

function siteName(plan: CompanyPlan, site: SiteType, siteNumber: string, city: string, rng: Rng): string {
  const place = rng.pick(PLACE_WORDS);
  switch (plan.naming) {
    case 'store':
      if (site.name === 'Retail Store') return `${brand(plan)} Store #${siteNumber} - ${city}`;
      return `${brand(plan)} ${site.name === 'Office' ? 'Regional Office' : site.name} - ${city}`;
    case 'market':
      if (site.name === 'Grocery Store') return `Harbor Foods Market #${Number(siteNumber)} - ${city}`;
      return `Harbor Foods ${site.name} - ${city}`;
    case 'clinic':
      return site.name === 'Hospital' ? `Summit ${place} Hospital` : `Summit Health ${place} ${site.name}`;
    case 'school':
      if (site.name === 'Administration') return `Cedar Administration Center - ${city}`;
      if (site.name === 'Transportation Depot') return `Cedar Transportation Depot - ${city}`;
      return `${place} ${site.name === 'Elementary School' ? 'Elementary' : site.name}`;
    case 'facility':
      return `Facility ${siteNumber} - ${city}`;
  }
}

function uniqueName(taken: Set<string>, name: string, city: string): string {
  let candidate = taken.has(name) ? `${name} (${city})` : name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name} (${city} ${n})`;
  taken.add(candidate);
  return candidate;
}

function attributeValue(
  attribute: string,
  loc: { state: StateInfo; site: SiteType; siteNumber: string },
  plan: CompanyPlan,
  rng: Rng,
): string {
  switch (attribute) {
    case 'Region':
      return loc.state.region;
    case 'Store Format':
      if (loc.site.name !== 'Retail Store') return loc.site.name === 'Office' ? 'Office' : 'Distribution';
      return rng.weighted(['Standard', 'Flagship', 'Express', 'Outlet'], [60, 10, 22, 8]);
    case 'Cost Center':
      return `CC-${rng.digits(4)}`;
    case 'Service Line':
      if (loc.site.name === 'Hospital') return 'Acute Care';
      if (loc.site.name === 'Urgent Care') return 'Urgent Care';
      if (loc.site.name === 'Medical Office') return 'Specialty Care';
      return rng.pick(['Primary Care', 'Pediatrics', "Women's Health", 'Cardiology']);
    case 'Campus Code':
      // C for the parent district, N and S for the children.
      return `CS-${(plan.key.split('-')[1] ?? 'central').charAt(0).toUpperCase()}-${loc.siteNumber}`;
    case 'Grade Band':
      return (
        { 'Elementary School': 'K-5', 'Middle School': '6-8', 'High School': '9-12' }[loc.site.name] ?? 'N/A'
      );
    default:
      return '';
  }
}

/** Generates the company's sites; every fifth site (the first included) is in Texas. */
export function generateLocations(ctx: CompanyContext): LocationData {
  const { plan, companyId, stamp } = ctx;
  const rng = rngFor(ctx.seed, plan.key, 'locations');
  const base = { companyId, updatedAt: stamp };
  const count = plan.locations[ctx.size];
  const attributes = plan.attributes.map((attributeName, position) => ({
    ...base,
    id: rng.uuid(),
    attributeName,
    position,
  }));
  const tagRows = [...plan.tags, 'Legacy'].map((text) => ({
    ...base,
    id: rng.uuid(),
    text,
    isActive: text !== 'Legacy',
  }));
  const activeTags = tagRows.filter((tag) => tag.isActive);
  const hasEnergyStar = plan.flags.energyStarAccess === true;

  const locations: SeedLocation[] = [];
  const attributeValues: SyncedInsert<typeof locationAttributeValues>[] = [];
  const siteTagRows: SyncedInsert<typeof siteTags>[] = [];
  const taken = new Set<string>();
  let siteCounter = 100 + rng.int(0, 40);
  for (let i = 0; i < count; i += 1) {
    const state = stateInfo(i % 5 === 0 ? 'TX' : rng.pick(plan.states));
    const [city, zip3] = rng.pick(state.cities);
    const site = rng.weighted(
      plan.siteTypes,
      plan.siteTypes.map((type) => type.weight),
    );
    siteCounter += rng.int(1, 4);
    const siteNumber = String(siteCounter).padStart(4, '0');
    const sqft = Math.round(rng.int(site.sqft[0], site.sqft[1]) / 100) * 100;
    // The first site of an ENERGY STAR company is always registered so every size shows metrics.
    const isEnergyStarActive = hasEnergyStar && (i === 0 || rng.chance(plan.energyStarShare));
    const row = {
      ...base,
      id: rng.uuid(),
      name: uniqueName(taken, siteName(plan, site, siteNumber, city, rng), city),
      siteNumber,
      address: `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_SUFFIXES)}`,
      city,
      state: state.key,
      zip: `${zip3}${rng.digits(2)}`,
      sqft,
      siteType: site.name,
      isEnergyStarActive,
      esPropertyId: isEnergyStarActive ? String(rng.int(1_000_000, 9_999_999)) : null,
      isActive: true,
    };
    locations.push({ row, state, site });
    for (const attribute of attributes) {
      attributeValues.push({
        ...base,
        id: rng.uuid(),
        locationId: row.id,
        attributeId: attribute.id,
        value: attributeValue(attribute.attributeName, { state, site, siteNumber }, plan, rng),
      });
    }
    for (const tag of rng.sample(activeTags, rng.weighted([0, 1, 2], [45, 40, 15]))) {
      siteTagRows.push({ ...base, id: rng.uuid(), locationId: row.id, tagId: tag.id });
    }
  }
  return { locations, attributes, attributeValues, tags: tagRows, siteTags: siteTagRows };
}
