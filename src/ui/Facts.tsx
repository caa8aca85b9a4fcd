import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../platform/company/useAreaPath';
import { EMPTY_CELL_TEXT } from '../domain/format';

/** One fact of a record: its label and value, with a second line under the value where it has one. */
export interface Fact {
  label: string;
  value: ReactNode;
  /** A figure the reader looks for first (a total, a date to act on). */
  isStrong?: boolean;
  /** A class of the value beside the list's own (e.g. a monospaced identifier). */
  valueClassName?: string;
  /** A smaller line under the value (a nickname, a date); nothing when null or empty. */
  sub?: ReactNode;
}

function valueClass(fact: Fact): string | undefined {
  const classes = [fact.isStrong ? 'facts__strong' : '', fact.valueClassName ?? ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** A record's facts as a description list, in columns as wide as the panel allows. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="facts facts--wide">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd className={valueClass(fact)}>
            {fact.value}
            {fact.sub ? <span className="facts__sub">{fact.sub}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A link to a record's page in the current company (`locations/{id}`), or N/A when there is no record. */
export function RecordLink({ path, text }: { path: string | null; text: ReactNode }) {
  const pathTo = useAreaPaths();
  return path === null ? EMPTY_CELL_TEXT : <Link to={pathTo(path)}>{text}</Link>;
}
