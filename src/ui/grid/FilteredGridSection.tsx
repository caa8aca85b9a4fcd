import { useId } from 'react';
import { ALL_SERVICES } from '../../domain/serviceTypes';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useExport } from '../../export/useExport';
import type { Choice } from '../fields/choices';
import { CompactFilterSelect, serviceChoices } from '../fields/FilterSelects';
import { Grid } from './Grid';
import type { GridProps } from './Grid';
import { ExportButton, ExportStatus, visibleExportColumns } from './GridExport';
import { useGridSettings } from './useGridSettings';
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

/** Props of a list page's section of all its records: the grid's own, its filter selects, what its Export needs. */
export type FilteredGridSectionProps<Row, Field extends string> = Pick<
  GridProps<Row>,
  'label' | 'columns' | 'getRowId' | 'onRowActivate' | 'emptyText' | 'height' | 'initialFilter'
> & {
  /** Key of the user's saved column choice. */
  gridName: string;
  /** The rows the filters keep. */
  rows: readonly Row[];
  isLoading: boolean;
  /** The selects in the toolbar, in order, and the class of the row they stand in with Export. */
  filters: readonly GridFilter<Field>[];
  filtersClassName: string;
  /** The page's filter values (the empty value is all), as the page keeps them. */
  filterValues: Readonly<Record<Field, string>>;
  onFiltersChange: (values: Record<Field, string>) => void;
};

/**
 * A list page's section of all its records, titled 'All {label}' (contracts, locations): the grid (the quick filter
 * opens with `initialFilter`, and a new one is a new view of the grid) whose toolbar holds the page's filter selects
 * and an Export writing the filtered rows with the visible columns to '{label}_{date}.xlsx' in the export worker,
 * offline too; the export's progress and error under the grid.
 */
export function FilteredGridSection<Row, Field extends string>({
  gridName,
  rows,
  isLoading,
  filters,
  filtersClassName,
  filterValues,
  onFiltersChange,
  ...grid
}: FilteredGridSectionProps<Row, Field>) {
  const titleId = useId();
  const exporter = useExport();
  // The column choice of the company the page is in (a consultant's client company too).
  const companyId = useCurrentCompanyId();
  const settings = useGridSettings(gridName, grid.columns, companyId ?? undefined);
  const title = grid.label;
  const onExport = () =>
    void exporter.exportXlsx({
      title,
      columns: visibleExportColumns(grid.columns, settings.visibleIds),
      rows,
    });

  return (
    <section className="filtered-grid" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {`All ${title.toLowerCase()}`}
      </h2>
      <Grid
        key={grid.initialFilter}
        {...grid}
        settings={settings}
        rows={rows}
        isLoading={isLoading}
        freezeColumns={1}
        toolbar={
          <div className={filtersClassName}>
            {filters.map(({ field, ...select }) => (
              <CompactFilterSelect
                key={field}
                {...select}
                value={filterValues[field]}
                onChange={(value) => onFiltersChange({ ...filterValues, [field]: value })}
              />
            ))}
            <ExportButton
              exporter={exporter}
              isDisabled={isLoading || rows.length === 0}
              onExport={onExport}
              hasBusyText={false}
            />
          </div>
        }
      />
      <ExportStatus exporter={exporter} label={`Exporting ${title.toLowerCase()}`} />
    </section>
  );
}
