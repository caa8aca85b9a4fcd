import { useId } from 'react';
import { ALL_SERVICES } from '../../domain/serviceTypes';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { Choice } from '../fields/choices';
import { CompactFilterSelect, serviceChoices } from '../fields/FilterSelects';
import { ExportingGrid } from './ExportingGrid';
import type { ExportingGridProps } from './ExportingGrid';
import './filteredGrid.css';

/** One select of the toolbar: which of the page's filter values it sets, its label, 'all' text and choices. */
export type GridFilter<Field extends string> = {
  readonly field: Field;
  readonly label: string;
  /** The text of the empty value, which filters nothing ('All Vendors'). */
  readonly all: string;
  readonly choices: readonly Choice[];
};

/** The 'Service' filter: 'All Services', then each service type of the list. */
export function serviceFilter(services: readonly string[]): GridFilter<'service'> {
  return { field: 'service', label: 'Service', all: ALL_SERVICES.label, choices: serviceChoices(services) };
}

/** Props of a list page's section of all its records: the exporting grid's own, and its filter selects. */
export type FilteredGridSectionProps<Row, Field extends string> = Pick<
  ExportingGridProps<Row>,
  'title' | 'gridName' | 'columns' | 'getRowId' | 'onRowActivate' | 'emptyText' | 'height' | 'initialFilter'
> & {
  /** The rows the filters keep. */
  rows: readonly Row[];
  isLoading: boolean;
  /** The selects in the toolbar, in order. */
  filters: readonly GridFilter<Field>[];
  /** The page's filter values (the empty value is all), as the page keeps them. */
  filterValues: Readonly<Record<Field, string>>;
  onFiltersChange: (values: Record<Field, string>) => void;
};

/**
 * A list page's section of all its records, titled 'All {title}' (contracts, locations): the exporting grid whose
 * toolbar holds the page's filter selects before its Export.
 */
export function FilteredGridSection<Row, Field extends string>({
  rows,
  isLoading,
  filters,
  filterValues,
  onFiltersChange,
  ...grid
}: FilteredGridSectionProps<Row, Field>) {
  const titleId = useId();
  // The column choice of the company the page is in (a consultant's client company too).
  const companyId = useCurrentCompanyId();
  return (
    <section className="filtered-grid" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {`All ${grid.title.toLowerCase()}`}
      </h2>
      <ExportingGrid
        {...grid}
        companyId={companyId ?? undefined}
        rows={isLoading ? undefined : rows}
        toolbarClassName="filtered-grid__filters"
        toolbarStart={filters.map(({ field, ...select }) => (
          <CompactFilterSelect
            key={field}
            {...select}
            value={filterValues[field]}
            onChange={(value) => onFiltersChange({ ...filterValues, [field]: value })}
          />
        ))}
      />
    </section>
  );
}
