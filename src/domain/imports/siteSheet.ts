// A spreadsheet of sites (docs/architecture.md §14 Imports): a site per row, its columns found by their headers, each
// row checked by the rule a site added by hand is checked by (src/domain/locationForm.ts checkLocationInput). A site
// the company has already (the same site number, or without one the same name, address and zip) is a duplicate.
import { checkLocationInput } from '../locationForm';
import type { LocationInput, LocationValues } from '../locationForm';
import type { Cell } from './spreadsheet/cells';
import { readText } from './spreadsheet/cells';
import { headerWords } from './spreadsheet/headers';
import { accountKey } from './spreadsheet/duplicates';
import { isBlankRow } from './spreadsheet/rowValues';

/** A site field a column can hold. */
export type SiteField = keyof LocationInput;

/** Fields as a person names them. */
export const SITE_FIELD_LABELS: Readonly<Record<SiteField, string>> = {
  siteNumber: 'Site number',
  name: 'Site name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  sqft: 'Square feet',
  siteType: 'Site type',
};

const PLACE = '(site|location|store|facility|building|property|premise)';
const SITE_PATTERNS: readonly (readonly [SiteField, RegExp])[] = [
  ['siteNumber', new RegExp(`^${PLACE} (number|no|num|nbr|id|code)$`)],
  ['name', new RegExp(`^(${PLACE} )?name$|^${PLACE}$`)],
  ['address', /^(street |service |site |mailing )?(address|street)( line)?( 1)?$/],
  ['city', /^(city|town)$/],
  ['state', /^(state|province|st|state province)$/],
  ['zip', /^(zip|zip code|zipcode|postal code|postcode|post code)$/],
  ['sqft', /^(gross )?(square feet|square footage|sq ft|sqft|floor area|gross floor area|area)$/],
  ['siteType', new RegExp(`^(${PLACE} )?(type|use|property type|primary use)$`)],
];

/** Which field each column holds, found by its header (the first column taking a field keeps it). */
export function guessSiteColumns(headers: readonly string[]): (SiteField | null)[] {
  const taken = new Set<SiteField>();
  return headers.map((header) => {
    const words = headerWords(header);
    const field = SITE_PATTERNS.find(([, pattern]) => pattern.test(words))?.[0];
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The fields a sites file must have columns for (a site number is not required, but matches sites when there). */
const REQUIRED_SITE_FIELDS: readonly SiteField[] = ['name', 'address', 'city', 'state', 'zip'];

/** The required fields no column holds. */
export function missingSiteColumns(columns: readonly (SiteField | null)[]): string[] {
  return REQUIRED_SITE_FIELDS.filter((field) => !columns.includes(field)).map(
    (field) => SITE_FIELD_LABELS[field],
  );
}

/** A site read from a row. */
export interface ImportedSite {
  row: number;
  values: LocationValues;
}

/** A sites sheet read: its good sites, the rows in error and why. */
export interface SiteReading {
  sites: ImportedSite[];
  errors: { row: number; field: string; message: string }[];
  errorRows: number[];
  rowCount: number;
}

/** Reads the data rows of a sites sheet (the header row first), each checked by the site rule. */
export function readSiteSheet(rows: readonly (readonly Cell[])[]): SiteReading {
  const headers = (rows[0] ?? []).map((cell) => readText(cell) ?? '');
  const columns = guessSiteColumns(headers);
  const reading: SiteReading = { sites: [], errors: [], errorRows: [], rowCount: 0 };
  const seen = new Map<string, number>();
  rows.slice(1).forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const row = i + 2;
    reading.rowCount += 1;
    const input: LocationInput = { name: '', address: '', city: '', state: '', zip: '' };
    columns.forEach((field, column) => {
      if (field) input[field] = readText(cells[column]) ?? '';
    });
    const checked = checkLocationInput(input);
    if (!checked.ok) {
      for (const [field, problem] of Object.entries(checked.problems))
        reading.errors.push({ row, field, message: `${SITE_FIELD_LABELS[field as SiteField]} ${problem}` });
      reading.errorRows.push(row);
      return;
    }
    const key = siteKey(checked.values);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      reading.errors.push({ row, field: 'siteNumber', message: `The same site as row ${earlier}` });
      reading.errorRows.push(row);
      return;
    }
    seen.set(key, row);
    reading.sites.push({ row, values: checked.values });
  });
  return reading;
}

/** What makes two sites one: the site number when there is one, else name, address and zip. */
export function siteKey(site: Pick<LocationValues, 'siteNumber' | 'name' | 'address' | 'zip'>): string {
  if (site.siteNumber) return `#${accountKey(site.siteNumber)}`;
  return [site.name, site.address, site.zip].map((part) => accountKey(part)).join('|');
}

/** The file's sites split into new ones and those the company has already. */
export function newSites(
  sites: readonly ImportedSite[],
  existing: readonly Pick<LocationValues, 'siteNumber' | 'name' | 'address' | 'zip'>[],
): { fresh: ImportedSite[]; duplicates: number } {
  const present = new Set(existing.map(siteKey));
  const fresh = sites.filter((site) => !present.has(siteKey(site.values)));
  return { fresh, duplicates: sites.length - fresh.length };
}
