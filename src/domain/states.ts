// State list of spec 001 §9: US states, DC and territories, Mexican states, Canadian provinces and territories.
// US and Canadian keys are USPS/Canada Post codes; Mexican keys are ISO 3166-2:MX codes without the
// 'MX-' prefix, all three letters, so none collides with a two-letter key.

/** Country a state belongs to, so pickers can group entries. */
export type StateCountry = 'US' | 'MX' | 'CA';

/** One entry of the state list. */
export interface StateOption {
  label: string;
  key: string;
  country: StateCountry;
}

const US: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['UM', 'U.S. Minor Outlying Islands'],
  ['VI', 'U.S. Virgin Islands'],
];

const MX: readonly (readonly [string, string])[] = [
  ['AGU', 'Aguascalientes'],
  ['BCN', 'Baja California'],
  ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'],
  ['CHP', 'Chiapas'],
  ['CHH', 'Chihuahua'],
  ['CMX', 'Ciudad de México'],
  ['COA', 'Coahuila'],
  ['COL', 'Colima'],
  ['DUR', 'Durango'],
  ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'],
  ['HID', 'Hidalgo'],
  ['JAL', 'Jalisco'],
  ['MEX', 'Estado de México'],
  ['MIC', 'Michoacán'],
  ['MOR', 'Morelos'],
  ['NAY', 'Nayarit'],
  ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'],
  ['PUE', 'Puebla'],
  ['QUE', 'Querétaro'],
  ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'],
  ['SIN', 'Sinaloa'],
  ['SON', 'Sonora'],
  ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'],
  ['TLA', 'Tlaxcala'],
  ['VER', 'Veracruz'],
  ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
];

const CA: readonly (readonly [string, string])[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

function options(country: StateCountry, pairs: readonly (readonly [string, string])[]): StateOption[] {
  return pairs.map(([key, label]) => ({ label, key, country }));
}

/** Every state, province and territory a location can be in: US, then Mexico, then Canada. */
export const STATES: readonly StateOption[] = [
  ...options('US', US),
  ...options('MX', MX),
  ...options('CA', CA),
];

const LABELS: ReadonlyMap<string, string> = new Map(STATES.map((s) => [s.key, s.label]));

/** Full name of a state key ('PR' → 'Puerto Rico'), any case; unknown keys show as given rather than vanish. */
export function stateLabel(key: string): string {
  return LABELS.get(key.trim().toUpperCase()) ?? key;
}
