// Location list rows (first spec document §3): the fixed fields, then one field per company custom attribute.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customAttributes, locationAttributeValues, locations, siteTags } from '../../db/schema';
import { fromCents, toCents } from '../../../../src/domain/money';
import { compareServiceTypes, splitServices } from '../../../../src/domain/serviceTypes';
import { stateLabel } from '../../../../src/domain/states';
import { billWindow, windowRange } from '../bills/billSeries';

/**
 * The fixed part of a location row: exactly 23 fields (LOCATION_EXTRA_AFTER of src/domain/grid.ts), the grid's
 * columns first, so the custom attribute fields that follow start after the 23rd field as the spec says.
 */
export interface LocationFixedFields {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The services of the location's accounts, comma-joined in the spec's service order. */
  services: string;
  id: string;
  version: number;
  companyId: number;
  siteNumber: string | null;
  stateLabel: string;
  sqft: number | null;
  siteType: string | null;
  isEnergyStarActive: boolean;
  esPropertyId: string | null;
  isActive: boolean;
  accountCount: number;
  meterCount: number;
  tagIds: string[];
  latestBillMonth: string | null;
  /** Charges of the company's latest 12 bill months (one window for the whole grid). */
  twelveMonthCharges: number;
  missingInvoiceCount: number;
  updatedAt: string;
}

/** A location row: the fixed fields, then attribute values keyed by attribute name (null when unset). */
export type LocationListRow = LocationFixedFields & Record<string, unknown>;

/** Filters of the list: state key, service type value, tag id (each optional; empty means all). */
export interface LocationFilter {
  state?: string | undefined;
  service?: string | undefined;
  tagId?: string | undefined;
}

interface Figures {
  services: Set<string>;
  accounts: number;
  meters: number;
  latest: string | null;
  cents: number;
  missing: number;
  tags: string[];
  attributes: Map<string, string>;
}

/** The company's location rows, sorted by name. Six reads, each over one company index, then joined here. */
export async function locationListRows(
  db: Db,
  companyId: number,
  filter: LocationFilter = {},
): Promise<LocationListRow[]> {
  const months = await billWindow(db, { companyId });
  const { first, last } = windowRange(months);
  const sites = await db
    .select()
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.id));
  const attributes = await db
    .select()
    .from(customAttributes)
    .where(eq(customAttributes.companyId, companyId))
    .orderBy(asc(customAttributes.position), asc(customAttributes.attributeName));
  const accountRows = await db.execute<{
    location_id: string;
    services: string;
    meters: string | number;
  }>(sql`
    select a.location_id, a.services, (select count(*) from meters m where m.account_id = a.id) as meters
    from accounts a where a.company_id = ${companyId}`);
  const billRows = await db.execute<{
    location_id: string;
    latest: string | null;
    charges: string;
    missing: string | number;
  }>(sql`
    select location_id, max(bill_month) as latest,
           coalesce(sum(total_new_charges) filter (where bill_month between ${first} and ${last}), 0)::text as charges,
           count(*) filter (where is_invoice_missing and bill_month between ${first} and ${last}) as missing
    from bills where company_id = ${companyId} group by location_id`);
  const values = await db
    .select({
      locationId: locationAttributeValues.locationId,
      attributeId: locationAttributeValues.attributeId,
      value: locationAttributeValues.value,
    })
    .from(locationAttributeValues)
    .where(eq(locationAttributeValues.companyId, companyId));
  const tagRows = await db
    .select({ locationId: siteTags.locationId, tagId: siteTags.tagId })
    .from(siteTags)
    .where(eq(siteTags.companyId, companyId))
    .orderBy(asc(siteTags.tagId));

  const figures = new Map<string, Figures>();
  const of = (locationId: string): Figures => {
    let entry = figures.get(locationId);
    if (!entry) {
      entry = {
        services: new Set(),
        accounts: 0,
        meters: 0,
        latest: null,
        cents: 0,
        missing: 0,
        tags: [],
        attributes: new Map(),
      };
      figures.set(locationId, entry);
    }
    return entry;
  };
  for (const row of accountRows.rows) {
    const entry = of(row.location_id);
    entry.accounts += 1;
    entry.meters += Number(row.meters);
    for (const service of splitServices(row.services)) entry.services.add(service);
  }
  for (const row of billRows.rows) {
    const entry = of(row.location_id);
    entry.latest = row.latest;
    entry.cents = toCents(Number(row.charges));
    entry.missing = Number(row.missing);
  }
  for (const row of values) of(row.locationId).attributes.set(row.attributeId, row.value);
  for (const row of tagRows) of(row.locationId).tags.push(row.tagId);

  const state = filter.state?.trim().toUpperCase() || null;
  const service = filter.service || null;
  const tagId = filter.tagId?.toLowerCase() || null;
  const rows: LocationListRow[] = [];
  for (const site of sites) {
    const entry = of(site.id);
    if (state && site.state.toUpperCase() !== state) continue;
    if (service && !entry.services.has(service)) continue;
    if (tagId && !entry.tags.includes(tagId)) continue;
    const fixed: LocationFixedFields = {
      name: site.name,
      address: site.address,
      city: site.city,
      state: site.state,
      zip: site.zip,
      services: [...entry.services].sort(compareServiceTypes).join(','),
      id: site.id,
      version: site.version,
      companyId: site.companyId,
      siteNumber: site.siteNumber,
      stateLabel: stateLabel(site.state),
      sqft: site.sqft,
      siteType: site.siteType,
      isEnergyStarActive: site.isEnergyStarActive,
      esPropertyId: site.esPropertyId,
      isActive: site.isActive,
      accountCount: entry.accounts,
      meterCount: entry.meters,
      tagIds: entry.tags,
      latestBillMonth: entry.latest,
      twelveMonthCharges: fromCents(entry.cents),
      missingInvoiceCount: entry.missing,
      updatedAt: site.updatedAt,
    };
    const row: LocationListRow = { ...fixed };
    for (const attribute of attributes) {
      // A fixed field is never overwritten by an attribute that happens to share its name.
      const key = Object.hasOwn(fixed, attribute.attributeName)
        ? `${attribute.attributeName} (attribute)`
        : attribute.attributeName;
      row[key] = entry.attributes.get(attribute.id) ?? null;
    }
    rows.push(row);
  }
  return rows;
}
