// The default ENERGY STAR refresh: site and source energy and intensities from the site's own bills, by the factors
// Portfolio Manager publishes (src/domain/energyStarFactors.ts). A score needs EPA's models, so it stays as last set;
// so do the emissions, which need regional factors this product does not hold.
import { monthlyEnergy, trailingEnergy } from '../../../src/domain/energyStarEnergy';
import { RefreshError } from './provider';
import type { EnergyStarProvider } from './provider';

/** Energy from bills; the score and emissions are left as they are. */
export const embeddedProvider: EnergyStarProvider = {
  name: 'embedded',
  refresh: (site) => Promise.resolve(trailingEnergy(monthlyEnergy(site.bills), site.months, site.sqft)),
  // The figures live in this portal alone: there is no Portfolio Manager account to send consumption to.
  pushConsumption: () =>
    Promise.reject(
      new RefreshError(
        'nothingToPushTo',
        'This portal computes ENERGY STAR figures itself and is not connected to a Portfolio Manager account, so there is nothing to send consumption to.',
      ),
    ),
};
