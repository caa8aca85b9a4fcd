// Utility accounts and meters of a company's sites, and the vendor names they need.
// Texas electric accounts carry an ERCOT ESI ID; every other account identifies itself by meter and customer
// numbers (spec 001 §5: an esiId outside Texas belongs in meterCustomerNumbers).
import type { meters } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { CompanyContext, SeedAccount, SeedLocation } from './context';
import type { CompanyPlan } from './plans';
import { rngFor } from './random';
import type { Rng } from './random';
import { accountProfile } from './usageModel';
import { stateInfo } from './states';
import { STREETS, STREET_SUFFIXES, SUPPLIERS, TELECOM_VENDORS, TRASH_VENDORS, waterVendor } from './words';

/** Accounts and meters of a company. */
export interface AccountData {
  accounts: SeedAccount[];
  meters: SyncedInsert<typeof meters>[];
}

const COLLECTION_TYPES = ['EBILL-PAPERLESS', 'PAPER', 'EMAIL', 'MANUAL EBILL'] as const;
const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  electric: ['Main Service', 'Parking Lot Lighting', 'Rooftop HVAC', 'Sign Meter'],
  natural_gas: ['Boiler Plant', 'Kitchen Gas', 'Space Heating'],
  water: ['Domestic Water', 'Irrigation & Domestic'],
  trash: ['Dumpster Service'],
  telecom: ['Store Internet', 'Backup Circuit'],
};

/** Every vendor name the plan's sites can use, so vendors are inserted before the accounts that cite them. */
export function vendorNamesFor(plan: CompanyPlan): string[] {
  const names = new Set<string>([
    ...TRASH_VENDORS,
    ...TELECOM_VENDORS,
    ...SUPPLIERS.electric,
    ...SUPPLIERS.natural_gas,
  ]);
  for (const key of new Set(['TX', ...plan.states])) {
    const state = stateInfo(key);
    names.add(state.electricVendor);
    names.add(state.gasVendor);
    for (const [city] of state.cities) names.add(waterVendor(city));
  }
  return [...names].sort();
}

/** The service groups (one per account) of a site: electric always, then up to three more. */
function serviceGroups(plan: CompanyPlan, rng: Rng): string[][] {
  const groups: string[][] = [['electric']];
  if (rng.chance(plan.services.natural_gas)) groups.push(['natural_gas']);
  if (rng.chance(plan.services.water)) groups.push(rng.chance(0.85) ? ['water', 'sewer'] : ['water']);
  if (rng.chance(plan.services.trash)) groups.push(['trash']);
  if (rng.chance(plan.services.telecom)) groups.push(['telecom']);
  // At most four accounts per site: telecom goes first, as the least interesting for energy data.
  return groups.length > 4 ? groups.filter((g) => g[0] !== 'telecom') : groups;
}

function vendorFor(primary: string, loc: SeedLocation, rng: Rng): string {
  switch (primary) {
    case 'electric':
      return loc.state.electricVendor;
    case 'natural_gas':
      return loc.state.gasVendor;
    case 'water':
      return waterVendor(loc.row.city);
    case 'trash':
      return rng.pick(TRASH_VENDORS);
    default:
      return rng.pick(TELECOM_VENDORS);
  }
}

function accountNumber(primary: string, rng: Rng): string {
  switch (primary) {
    case 'electric':
      return `${rng.digits(4)}-${rng.digits(5)}-${rng.digits(1)}`;
    case 'natural_gas':
      return `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(4)} ${rng.digits(2)}`;
    case 'water':
      return `${rng.digits(6)}-${rng.digits(3)}`;
    case 'trash':
      return `TR${rng.digits(7)}`;
    default:
      return `8${rng.digits(15)}`;
  }
}

/** A 17-digit ERCOT ESI ID of the fictional Texas wires company. */
function esiId(rng: Rng): string {
  return `10443720${rng.digits(9)}`;
}

/** Generates one to four accounts per site, with meters for metered services. */
export function generateAccounts(ctx: CompanyContext, locations: readonly SeedLocation[]): AccountData {
  const { plan, companyId, stamp } = ctx;
  const rng = rngFor(ctx.seed, plan.key, 'accounts');
  const base = { companyId, updatedAt: stamp };
  const accounts: SeedAccount[] = [];
  const meterRows: SyncedInsert<typeof meters>[] = [];
  for (const location of locations) {
    for (const services of serviceGroups(plan, rng)) {
      const primary = services[0] ?? 'electric';
      const vendorName = vendorFor(primary, location, rng);
      const vendorId = ctx.vendorIds.get(vendorName);
      if (!vendorId) throw new Error(`seed: vendor ${vendorName} was not inserted`);
      const isTexasElectric = primary === 'electric' && location.state.key === 'TX';
      const metered = primary === 'electric' || primary === 'natural_gas' || primary === 'water';
      const id = rng.uuid();
      const meterCount = metered ? (rng.chance(0.12) ? 2 : 1) : 0;
      const meterNumbers: string[] = [];
      const accountEsiId = isTexasElectric ? esiId(rng) : null;
      for (let m = 0; m < meterCount; m += 1) {
        const meterNumber = `${primary === 'electric' ? 'E' : primary === 'water' ? 'W' : 'G'}${rng.digits(8)}`;
        meterNumbers.push(meterNumber);
        meterRows.push({
          ...base,
          id: rng.uuid(),
          accountId: id,
          meterNumber,
          meterService: primary,
          esiId: isTexasElectric ? (m === 0 ? accountEsiId : esiId(rng)) : null,
          subAddress: null,
          serviceCity: location.row.city,
          serviceState: location.row.state,
          serviceZip: location.row.zip,
        });
      }
      const hasServiceAddress = rng.chance(0.12);
      const cycleDay = rng.int(1, 20);
      const row = {
        ...base,
        id,
        locationId: location.row.id,
        vendorId,
        vendorName,
        accountNumber: accountNumber(primary, rng),
        nickname: rng.chance(0.2) ? rng.pick(NICKNAMES[primary] ?? ['Main']) : null,
        collectionType: rng.weighted(COLLECTION_TYPES, [55, 15, 20, 10]),
        // Null service address fields fall back to the location's (spec 001 §3).
        serviceAddress: hasServiceAddress
          ? `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_SUFFIXES)}`
          : null,
        serviceCity: hasServiceAddress ? location.row.city : null,
        serviceState: hasServiceAddress ? location.row.state : null,
        serviceZip: hasServiceAddress ? location.row.zip : null,
        esiId: accountEsiId,
        subAddress: hasServiceAddress && rng.chance(0.5) ? `Suite ${rng.int(100, 450)}` : null,
        meterCustomerNumbers: isTexasElectric
          ? null
          : meterNumbers.length > 0
            ? `${meterNumbers.join(', ')} / Cust ${rng.digits(8)}`
            : `Cust ${rng.digits(8)}`,
        services: services.join(','),
        nextExpectedDeliveryDate: `${ctx.asOf.slice(0, 7)}-${String(Math.min(28, cycleDay + 4)).padStart(2, '0')}`,
        isActive: true,
      };
      const profile = accountProfile(
        rng,
        services,
        location.state,
        location.site,
        location.row.sqft ?? 10000,
      );
      accounts.push({ row, location, profile, vendorName, cycleDay, index: accounts.length });
    }
  }
  return { accounts, meters: meterRows };
}
