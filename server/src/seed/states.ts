// States the demo companies operate in: real cities, fictional utilities, plausible prices and climate.

/** Climate, utilities and prices of a state, enough to make bills look plausible. */
export interface StateInfo {
  key: string;
  cities: readonly (readonly [name: string, zip3: string])[];
  electricVendor: string;
  gasVendor: string;
  /** Energy charge in $/kWh. */
  kwhRate: number;
  /** Summer peak of electric use: 0.3 means July is about 30 % above the yearly mean. */
  cooling: number;
  /** Scale of winter gas use (1 = a cold northern state). */
  heating: number;
  /** Sales and utility taxes as a fraction of the charges. */
  taxRate: number;
  region: string;
}

function state(
  key: string,
  cities: readonly (readonly [string, string])[],
  electricVendor: string,
  gasVendor: string,
  prices: { kwhRate: number; cooling: number; heating: number; taxRate: number; region: string },
): StateInfo {
  return { key, cities, electricVendor, gasVendor, ...prices };
}

/** Every state the demo companies operate in, by key. */
export const STATES: Readonly<Record<string, StateInfo>> = {
  TX: state(
    'TX',
    [
      ['Austin', '787'],
      ['Houston', '770'],
      ['Dallas', '752'],
      ['San Antonio', '782'],
      ['Fort Worth', '761'],
      ['El Paso', '799'],
      ['Plano', '750'],
      ['Lubbock', '794'],
    ],
    'Lone Star Power & Light',
    'Texan Natural Gas Co.',
    { kwhRate: 0.072, cooling: 0.28, heating: 0.6, taxRate: 0.0625, region: 'South Central' },
  ),
  CA: state(
    'CA',
    [
      ['Los Angeles', '900'],
      ['San Diego', '921'],
      ['Sacramento', '958'],
      ['Fresno', '937'],
      ['San Jose', '951'],
      ['Oakland', '946'],
    ],
    'Pacific Coast Electric',
    'Golden State Gas',
    { kwhRate: 0.165, cooling: 0.15, heating: 0.6, taxRate: 0.0725, region: 'West' },
  ),
  IL: state(
    'IL',
    [
      ['Chicago', '606'],
      ['Naperville', '605'],
      ['Peoria', '616'],
      ['Springfield', '627'],
      ['Rockford', '611'],
    ],
    'Prairie Edison',
    'Lakeshore Gas & Heat',
    { kwhRate: 0.082, cooling: 0.18, heating: 1.3, taxRate: 0.0625, region: 'Midwest' },
  ),
  GA: state(
    'GA',
    [
      ['Atlanta', '303'],
      ['Savannah', '314'],
      ['Augusta', '309'],
      ['Macon', '312'],
      ['Marietta', '300'],
    ],
    'Peach State Power',
    'Piedmont Valley Gas',
    { kwhRate: 0.08, cooling: 0.24, heating: 0.75, taxRate: 0.04, region: 'Southeast' },
  ),
  FL: state(
    'FL',
    [
      ['Miami', '331'],
      ['Orlando', '328'],
      ['Tampa', '336'],
      ['Jacksonville', '322'],
      ['Tallahassee', '323'],
    ],
    'Sunshine Coast Electric',
    'Gulf Breeze Gas',
    { kwhRate: 0.088, cooling: 0.22, heating: 0.3, taxRate: 0.06, region: 'Southeast' },
  ),
  NY: state(
    'NY',
    [
      ['Albany', '122'],
      ['Buffalo', '142'],
      ['Rochester', '146'],
      ['Syracuse', '132'],
      ['Yonkers', '107'],
    ],
    'Empire Hudson Electric',
    'Knickerbocker Gas Service',
    { kwhRate: 0.12, cooling: 0.15, heating: 1.3, taxRate: 0.08, region: 'Northeast' },
  ),
  OH: state(
    'OH',
    [
      ['Columbus', '432'],
      ['Cleveland', '441'],
      ['Cincinnati', '452'],
      ['Toledo', '436'],
      ['Dayton', '454'],
    ],
    'Buckeye Electric Cooperative',
    'Ohio Valley Gas',
    { kwhRate: 0.078, cooling: 0.17, heating: 1.25, taxRate: 0.0575, region: 'Midwest' },
  ),
  AZ: state(
    'AZ',
    [
      ['Phoenix', '850'],
      ['Tucson', '857'],
      ['Mesa', '852'],
      ['Flagstaff', '860'],
      ['Scottsdale', '852'],
    ],
    'Saguaro Power',
    'Desert Sun Gas',
    { kwhRate: 0.085, cooling: 0.32, heating: 0.45, taxRate: 0.056, region: 'West' },
  ),
  CO: state(
    'CO',
    [
      ['Denver', '802'],
      ['Boulder', '803'],
      ['Colorado Springs', '809'],
      ['Fort Collins', '805'],
    ],
    'Front Range Energy',
    'Rocky Mountain Gas Works',
    { kwhRate: 0.082, cooling: 0.14, heating: 1.2, taxRate: 0.029, region: 'West' },
  ),
  WA: state(
    'WA',
    [
      ['Seattle', '981'],
      ['Spokane', '992'],
      ['Tacoma', '984'],
      ['Bellevue', '980'],
    ],
    'Cascade Power & Light',
    'Puget Sound Gas',
    { kwhRate: 0.065, cooling: 0.08, heating: 1.0, taxRate: 0.065, region: 'West' },
  ),
  LA: state(
    'LA',
    [
      ['New Orleans', '701'],
      ['Baton Rouge', '708'],
      ['Shreveport', '711'],
      ['Lafayette', '705'],
    ],
    'Bayou Electric',
    'Crescent City Gas',
    { kwhRate: 0.07, cooling: 0.26, heating: 0.55, taxRate: 0.0445, region: 'South Central' },
  ),
  OK: state(
    'OK',
    [
      ['Oklahoma City', '731'],
      ['Tulsa', '741'],
      ['Norman', '730'],
    ],
    'Red River Electric',
    'Sooner Natural Gas',
    { kwhRate: 0.068, cooling: 0.25, heating: 0.9, taxRate: 0.045, region: 'South Central' },
  ),
  NM: state(
    'NM',
    [
      ['Albuquerque', '871'],
      ['Santa Fe', '875'],
      ['Las Cruces', '880'],
    ],
    'Enchanted Mesa Power',
    'Rio Grande Gas',
    { kwhRate: 0.078, cooling: 0.2, heating: 0.9, taxRate: 0.05125, region: 'West' },
  ),
  PA: state(
    'PA',
    [
      ['Philadelphia', '191'],
      ['Pittsburgh', '152'],
      ['Harrisburg', '171'],
      ['Allentown', '181'],
    ],
    'Keystone Electric',
    'Allegheny Gas',
    { kwhRate: 0.085, cooling: 0.17, heating: 1.2, taxRate: 0.06, region: 'Northeast' },
  ),
  NC: state(
    'NC',
    [
      ['Charlotte', '282'],
      ['Raleigh', '276'],
      ['Durham', '277'],
      ['Greensboro', '274'],
    ],
    'Blue Ridge Power',
    'Carolina Piedmont Gas',
    { kwhRate: 0.075, cooling: 0.2, heating: 0.85, taxRate: 0.0475, region: 'Southeast' },
  ),
};

/** The state of a key; the seed only uses keys of STATES. */
export function stateInfo(key: string): StateInfo {
  const info = STATES[key];
  if (!info) throw new Error(`seed: unknown state ${key}`);
  return info;
}
