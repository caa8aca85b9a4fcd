// ENERGY STAR reads (spec 000 §2 /locations/{id}/energystar and /companyEnergyStar): a site's monthly rows and notes,
// and the company's ranking, computed on the device from the synced rows by the rules the server answers with.
import { companyEnergyStar } from '../../domain/energyStarPortfolio';
import type { CompanyEnergyStar } from '../../domain/energyStarPortfolio';
import type { OutboxStatus } from '../../domain/sync';
import type { AppDb } from '../schema';
import type { EnergyStarMetricRow, EnergyStarNoteRow, LocationRow } from '../rows';
import { queuedWrites } from './queuedWrites';

/** A site's ENERGY STAR data on this device. */
export interface SiteEnergyStar {
  location: LocationRow;
  /** Oldest first. */
  metrics: EnergyStarMetricRow[];
  /** Newest first. */
  notes: EnergyStarNoteRow[];
  /** Rows with writes not yet acknowledged, by `energyStarMetrics:{id}` / `energyStarNotes:{id}`. */
  queued: Readonly<Record<string, OutboxStatus>>;
}

/** A site's rows and notes; null when the site is not on this device. */
export async function siteEnergyStar(db: AppDb, locationId: string): Promise<SiteEnergyStar | null> {
  const [location, metrics, notes] = await Promise.all([
    db.locations.get(locationId),
    db.energyStarMetrics
      .where('[locationId+metricMonth]')
      .between([locationId, ''], [locationId, '\uffff'])
      .toArray(),
    db.energyStarNotes.where('locationId').equals(locationId).toArray(),
  ]);
  if (!location) return null;
  notes.sort((a, b) => b.createDate.localeCompare(a.createDate) || a.id.localeCompare(b.id));
  const queued = await queuedWrites(db, [
    ...metrics.map((row): [string, string] => ['energyStarMetrics', row.id]),
    ...notes.map((note): [string, string] => ['energyStarNotes', note.id]),
  ]);
  return { location, metrics, notes, queued };
}

/** The company page's data: the summary and ranking, and the sites without ENERGY STAR active (for their switch). */
export interface CompanyEnergyStarData {
  summary: CompanyEnergyStar;
  /** By name, as the summary lists them. */
  inactiveLocations: LocationRow[];
}

/** The company's ENERGY STAR summary and ranking over its open sites (closed sites neither rank nor switch). */
export async function companyEnergyStarData(db: AppDb, companyId: number): Promise<CompanyEnergyStarData> {
  const [sites, metrics] = await Promise.all([
    db.locations.where('companyId').equals(companyId).toArray(),
    db.energyStarMetrics.where('companyId').equals(companyId).toArray(),
  ]);
  const bySite = new Map<string, EnergyStarMetricRow[]>();
  for (const row of metrics) {
    const list = bySite.get(row.locationId);
    if (list) list.push(row);
    else bySite.set(row.locationId, [row]);
  }
  const open = sites.filter((site) => site.isActive);
  const summary = companyEnergyStar(
    open.map((site) => ({
      locationId: site.id,
      name: site.name,
      sqft: site.sqft,
      isEnergyStarActive: site.isEnergyStarActive,
    })),
    (locationId) => bySite.get(locationId) ?? [],
  );
  const byId = new Map(open.map((site) => [site.id, site]));
  return {
    summary,
    inactiveLocations: summary.inactiveSites.flatMap((site) => byId.get(site.locationId) ?? []),
  };
}
