// ENERGY STAR refresh behind one interface (spec 000 §7 GET locations/{id}/refreshEsScore, docs/architecture.md §14):
// the embedded default computes energy from the site's bills; a Portfolio Manager provider asks EPA's web services.
// A push sends a site's bill consumption the other way, to the property's meters (portfolio-manager only).
// The refresh route stores whatever the provider answers as one synced write, so devices get it through the change feed.
import type { ServerConfig } from '../config';
import type { EnergyBill } from '../../../src/domain/energyStarEnergy';
import type { ConsumptionBill } from '../../../src/domain/energyStarConsumption';
import { embeddedProvider } from './embeddedProvider';
import { portfolioManagerProvider } from './portfolioManager';
import type { PushedMeter } from '../../../src/domain/energyStarConsumption';

/** What a provider knows of the site it refreshes. */
export interface RefreshSite {
  locationId: string;
  /** The site's Portfolio Manager property id, when it is registered there. */
  esPropertyId: string | null;
  sqft: number | null;
  /** The site's bills (month and per-service usage). */
  bills: readonly EnergyBill[];
  /** The months to report (`YYYY-MM`), oldest first: the site's bill months. */
  months: readonly string[];
}

/** One month a provider reports. An absent score or emissions figure leaves the stored one as last set. */
export interface RefreshedMonth {
  metricMonth: string;
  score?: number | null;
  sourceIntensity: number | null;
  locationIntensity: number | null;
  sourceTotal: number | null;
  locationTotal: number | null;
  totalGHGEmissions?: number | null;
}

/** What a provider knows of the site whose consumption it sends. */
export interface PushSite {
  locationId: string;
  esPropertyId: string | null;
  /** The site's bills with their read dates. */
  bills: readonly ConsumptionBill[];
}

export type { PushedMeter };

/** Why a refresh or push failed, for the route's answer. */
export type RefreshFailure = 'notLinked' | 'refused' | 'unreachable' | 'badAnswer' | 'nothingToPushTo';

/** A refresh that could not be done; the message is shown to the user. */
export class RefreshError extends Error {
  constructor(
    readonly failure: RefreshFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A source of refreshed ENERGY STAR figures. */
export interface EnergyStarProvider {
  /** Its name in answers and logs. */
  readonly name: 'embedded' | 'portfolio-manager';
  /** The figures of the months it can report; throws RefreshError when it cannot. */
  refresh(site: RefreshSite): Promise<RefreshedMonth[]>;
  /** Sends the site's monthly consumption to its property's meters; throws RefreshError when it cannot. */
  pushConsumption(site: PushSite): Promise<PushedMeter[]>;
}

/** The provider the configuration names. */
export function energyStarProvider(config: ServerConfig['energyStar']): EnergyStarProvider {
  return config.provider === 'embedded' ? embeddedProvider : portfolioManagerProvider(config);
}
