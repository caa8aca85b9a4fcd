import { memo, useId } from 'react';
import type { ReportFilterOptions } from '../../../workers/reports/api';
import type { AttributeFilter, ReportFilter } from '../../domain/reports/filter';
import { CHARGE_TYPES } from '../../domain/reports/filter';
import { serviceLabel } from '../../domain/serviceTypes';
import { stateLabel } from '../../domain/states';
import { CheckField } from '../../ui/fields/CheckField';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { ChoiceSelect } from './ChoiceSelect';
import type { Choice } from '../../ui/fields/choices';

/** Props of the report filters. */
export type FilterPanelProps = {
  filter: ReportFilter;
  onChange: (filter: ReportFilter) => void;
  options: ReportFilterOptions;
  /** Shows the top-sites ranking choice. */
  hasRanking: boolean;
  /** Shows the weather-normalised choice (usage reports of companies with weather normalisation). */
  hasWeatherNormalized: boolean;
  /** A problem with the month range, shown under it. */
  rangeProblem: string | null;
};

type ListKey =
  | 'companyIds'
  | 'states'
  | 'serviceTypes'
  | 'vendorIds'
  | 'accountIds'
  | 'locationIds'
  | 'locationTypes'
  | 'meterIds';

const asChoices = (values: readonly string[], label: (value: string) => string = (v) => v): Choice[] =>
  values.map((value) => ({ value, label: label(value) }));

/** A filter with one list replaced; an empty list is dropped, so it narrows nothing. */
function withList(filter: ReportFilter, key: ListKey, values: readonly string[]): ReportFilter {
  const next: ReportFilter = { ...filter };
  if (values.length === 0) delete next[key];
  else if (key === 'companyIds') next.companyIds = values.map(Number);
  else next[key] = [...values];
  return next;
}

function withAttribute(filter: ReportFilter, attributeName: string, values: readonly string[]): ReportFilter {
  const others = (filter.attributes ?? []).filter((item) => item.attributeName !== attributeName);
  const attributes: AttributeFilter[] =
    values.length === 0 ? others : [...others, { attributeName, values: [...values] }];
  const next: ReportFilter = { ...filter };
  if (attributes.length === 0) delete next.attributes;
  else next.attributes = attributes;
  return next;
}

/**
 * The report filters of spec 001 §3: the month range, then state, service type, vendor, account, location, location
 * type, meter, custom attribute values and charge types, and the business units of a parent company.
 * Memoized: the page re-renders on every tick of a run's or an export's progress, and the panel's hundreds of
 * checkboxes, committed again each time, made each tick a main-thread task of 50–130 ms (bench:reports --profile).
 * Its props are state and memoized values, so it renders again only when they change.
 */
export const FilterPanel = memo(function FilterPanel({
  filter,
  onChange,
  options,
  hasRanking,
  hasWeatherNormalized,
  rangeProblem,
}: FilterPanelProps) {
  const rangeId = useId();
  const list = (key: ListKey): string[] => (filter[key] ?? []).map(String);
  const lists: { key: ListKey; label: string; choices: Choice[] }[] = [
    ...(options.companies.length > 1
      ? [
          {
            key: 'companyIds' as const,
            label: 'Business units',
            choices: options.companies.map((company) => ({ value: String(company.id), label: company.name })),
          },
        ]
      : []),
    { key: 'states', label: 'States', choices: asChoices(options.states, stateLabel) },
    { key: 'serviceTypes', label: 'Services', choices: asChoices(options.serviceTypes, serviceLabel) },
    { key: 'vendorIds', label: 'Vendors', choices: options.vendors },
    { key: 'locationIds', label: 'Locations', choices: options.locations },
    { key: 'locationTypes', label: 'Location types', choices: asChoices(options.locationTypes) },
    { key: 'accountIds', label: 'Accounts', choices: options.accounts },
    { key: 'meterIds', label: 'Meters', choices: options.meters },
  ];
  const chosenValues = (name: string) =>
    filter.attributes?.find((attribute) => attribute.attributeName === name)?.values ?? [];
  return (
    <div className="reports-filters">
      <fieldset className="reports-filters__range" aria-describedby={rangeProblem ? rangeId : undefined}>
        <legend className="reports-filters__legend">Months</legend>
        <TextField
          label="From month"
          type="month"
          required
          value={filter.fromMonth}
          onChange={(fromMonth) => onChange({ ...filter, fromMonth })}
        />
        <TextField
          label="To month"
          type="month"
          required
          value={filter.toMonth}
          onChange={(toMonth) => onChange({ ...filter, toMonth })}
        />
        {rangeProblem && (
          <p id={rangeId} className="error-text" role="alert">
            {rangeProblem}
          </p>
        )}
      </fieldset>
      <div className="reports-filters__lists">
        {lists.map(({ key, label, choices }) => (
          <ChoiceSelect
            key={key}
            label={label}
            choices={choices}
            value={list(key)}
            onChange={(values) => onChange(withList(filter, key, values))}
          />
        ))}
        {options.customAttributes.map((name) => (
          <ChoiceSelect
            key={`attribute-${name}`}
            label={name}
            choices={asChoices(options.customAttributeValues[name] ?? [])}
            value={chosenValues(name)}
            onChange={(values) => onChange(withAttribute(filter, name, values))}
          />
        ))}
        <ChoiceSelect
          label="Charge types"
          choices={asChoices(CHARGE_TYPES)}
          value={filter.chargeTypes ?? []}
          onChange={(values) => {
            const next: ReportFilter = { ...filter };
            if (values.length === 0) delete next.chargeTypes;
            else next.chargeTypes = CHARGE_TYPES.filter((type) => values.includes(type));
            onChange(next);
          }}
        />
      </div>
      {hasRanking && (
        <SelectField
          label="Rank sites by"
          value={filter.rankBy ?? 'spend'}
          onChange={(rankBy) => onChange({ ...filter, rankBy: rankBy === 'eui' ? 'eui' : 'spend' })}
        >
          <option value="spend">Spend</option>
          <option value="eui">Energy use intensity (kBtu/ft²)</option>
        </SelectField>
      )}
      {hasWeatherNormalized && (
        <CheckField
          label="Weather-normalised usage"
          checked={filter.weatherNormalized === true}
          onChange={(checked) => {
            const next: ReportFilter = { ...filter };
            if (checked) next.weatherNormalized = true;
            else delete next.weatherNormalized;
            onChange(next);
          }}
        />
      )}
    </div>
  );
});
