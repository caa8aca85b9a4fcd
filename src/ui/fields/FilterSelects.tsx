// The selects of a list page's filters: one value or all of them ('All locations', first, with the empty value);
// the form around them, and the binding of a field to one value of the page's filter record.
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { ALL_SERVICES, serviceLabel } from '../../domain/serviceTypes';
import { ChoiceOptions } from './ChoiceOptions';
import type { Choice } from './choices';
import { SelectField } from './SelectField';
import type { SelectFieldProps } from './SelectField';
import '../controls.css';

/** What every filter select takes: the 'all' choice's text and the other choices. */
type FilterChoices = {
  /** The text of the empty value, which filters nothing ('All locations'). */
  all: string;
  choices: readonly Choice[];
};

/** The choices of a service filter: each service type of the list, as its label reads. */
export function serviceChoices(services: readonly string[]): Choice[] {
  return services.map((service) => ({ value: service, label: serviceLabel(service) }));
}

/** Props of a filter select of the field family. */
export type FilterSelectFieldProps = Omit<SelectFieldProps, 'children'> & FilterChoices;

/** A labelled select of the field family over `choices`, 'all' first. */
export function FilterSelectField({ all, choices, ...field }: FilterSelectFieldProps) {
  return (
    <SelectField {...field}>
      <ChoiceOptions choices={choices} emptyLabel={all} />
    </SelectField>
  );
}

/** Props of the service filter of the field family. */
export type ServiceSelectFieldProps = Omit<FilterSelectFieldProps, 'label' | 'all' | 'choices'> & {
  /** The service types the list holds. */
  services: readonly string[];
};

/** The 'Service' filter of the field family: 'All Services', then each service of the list. */
export function ServiceSelectField({ services, ...field }: ServiceSelectFieldProps) {
  return (
    <FilterSelectField
      label="Service"
      all={ALL_SERVICES.label}
      choices={serviceChoices(services)}
      {...field}
    />
  );
}

/** Props of a small filter select of a toolbar. */
export type CompactFilterSelectProps = FilterChoices & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows the label beside the select; without it the label is the select's accessible name only. */
  isLabelShown?: boolean;
};

/** A small select of a grid's toolbar or a filter row, 'all' first. */
export function CompactFilterSelect({
  label,
  all,
  choices,
  value,
  onChange,
  isLabelShown = false,
}: CompactFilterSelectProps) {
  const select = (
    <select
      className="select select--sm"
      aria-label={isLabelShown ? undefined : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <ChoiceOptions choices={choices} emptyLabel={all} />
    </select>
  );
  if (!isLabelShown) return select;
  return (
    <label className="inline-field">
      <span>{label}</span>
      {select}
    </label>
  );
}

/** Props of the form around a list's filters. */
export type FilterFormProps = {
  className: string;
  /** The form's accessible name ('Budget filters'). */
  label: string;
  /** How many filters differ from the list's defaults (changedFilterCount), shown on the button of a narrow screen. */
  activeCount: number;
  children: ReactNode;
};

/**
 * The form around a list's filters: the list follows each change, so Enter in a field submits nothing. On a narrow
 * screen (components.css) the fields fold away behind a "Filters" button that shows how many are set, so the list,
 * not its filters, fills a phone's first screen.
 */
export function FilterForm({ className, label, activeCount, children }: FilterFormProps) {
  const formId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="filter-form" data-open={isOpen || undefined}>
      <button
        type="button"
        className="btn btn--sm filter-form__toggle"
        aria-expanded={isOpen}
        aria-controls={formId}
        onClick={() => setOpen(!isOpen)}
      >
        <SlidersHorizontal aria-hidden="true" size={16} /> Filters
        {activeCount > 0 ? (
          <span className="badge filter-form__count">
            {activeCount}
            <span className="visually-hidden"> set</span>
          </span>
        ) : null}
      </button>
      <form
        id={formId}
        className={`filter-form__fields ${className}`}
        aria-label={label}
        onSubmit={(event) => event.preventDefault()}
      >
        {children}
      </form>
    </div>
  );
}

/** How many values of a filter record differ from its defaults (lists compared by their items). */
export function changedFilterCount<T extends object>(filters: T, defaults: T): number {
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b)
      ? a.length === b.length && a.every((item, i) => item === b[i])
      : a === b;
  return (Object.keys(defaults) as (keyof T)[]).filter((key) => !same(filters[key], defaults[key])).length;
}

/** The keys of a filter record whose values are text: what a select or a date field edits. */
export type TextKeyOf<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T];

/**
 * Binds fields to a filter record: `bind('locationId')` is the value and onChange of the field that edits that
 * value; onChange hands on a new record with that one value changed.
 */
export function filterBinder<T>(filters: T, onChange: (filters: T) => void) {
  return <K extends keyof T>(key: K) => ({
    value: filters[key],
    onChange: (value: T[K]) => onChange({ ...filters, [key]: value }),
  });
}
