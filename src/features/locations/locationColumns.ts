// The locations grid's columns (first spec document §3, §9): the fixed ones, then one text column of width 120
// per company custom attribute, in position order.
import type { CustomAttributeRow } from '../../db/rows';
import type { LocationListRow } from '../../db/queries/locations';
import { joinServices } from '../../domain/format';
import { EXTRA_COLUMN_WIDTH } from '../../domain/grid';
import { serviceLabel } from '../../domain/serviceTypes';
import { extraGridColumns, textColumn } from '../../ui/grid/columns';
import type { GridColumnDef } from '../../ui/grid/columns';

/** The grid name the user's column choice is saved under. */
export const LOCATIONS_GRID = 'locations';

/** The services of a row as one cell: display names joined by commas. */
export function servicesText(row: Pick<LocationListRow, 'services'>): string {
  return joinServices(row.services.map(serviceLabel));
}

const FIXED_COLUMNS: readonly GridColumnDef<LocationListRow>[] = [
  textColumn('name', 'Name', 290, undefined, { isKey: true }),
  textColumn('address', 'Address', 220),
  textColumn('city', 'City', 140, undefined, { isKey: true }),
  textColumn('state', 'State', 80),
  textColumn('zip', 'Zip', 90),
  textColumn('services', 'Services', 240, servicesText),
];

/** Columns of the grid for a company's attributes; an attribute's column id is its id, so renames keep choices. */
export function locationColumns(attributes: readonly CustomAttributeRow[]): GridColumnDef<LocationListRow>[] {
  const extras = attributes.map((attribute) => ({
    field: attribute.id,
    title: attribute.attributeName,
    width: EXTRA_COLUMN_WIDTH,
  }));
  return [
    ...FIXED_COLUMNS,
    ...extraGridColumns<LocationListRow>(extras, (row, field) => row.attributes[field]),
  ];
}
