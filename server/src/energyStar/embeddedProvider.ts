// The default ENERGY STAR refresh: site and source energy and intensities from the site's own bills, by the factors
// Portfolio Manager publishes (src/domain/energyStarFactors.ts). A score needs EPA's models, so it stays as last set;
// so do the emissions, which need regional factors this product does not hold.
import { monthlyEnergy, trailingEnergy } from '../../../src/domain/energyStarEnergy';
import type { EnergyStarProvider } from './provider';

/** Energy from bills; the score and emissions are left as they are. */
export const embeddedProvider: EnergyStarProvider = {
  name: 'embedded',
  refresh: (site) => Promise.resolve(trailingEnergy(monthlyEnergy(site.bills), site.months, site.sqft)),
};
