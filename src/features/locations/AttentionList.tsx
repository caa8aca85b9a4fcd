import { AlertTriangle, FileClock, FileX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { ShowAllButton } from '../../ui/ShowAllButton';
import { EXPIRING_WITHIN_DAYS } from '../../domain/attention';
import type { AttentionItem, AttentionType } from '../../domain/attention';
import { attentionCounts } from '../../domain/counts';
import './attention.css';

const ICONS = { missingInvoice: FileX, billAnomaly: AlertTriangle, contractExpiring: FileClock } as const;
const KIND_LABELS: Readonly<Record<AttentionType, string>> = {
  missingInvoice: 'Missing invoices',
  billAnomaly: 'Open bill anomalies',
  contractExpiring: `Contracts ending within ${EXPIRING_WITHIN_DAYS} days`,
};
const SHOWN = 8;

/** Props of the attention panel. */
export type AttentionListProps = {
  items: readonly AttentionItem[] | undefined;
  /** On a location's own page the location link is left out. */
  isLocationPage?: boolean;
  headingLevel?: 2 | 3;
};

function target(item: AttentionItem, isLocationPage: boolean): string | null {
  if (item.type === 'contractExpiring') return null;
  if (item.accountId) return `accounts/${item.accountId}`;
  return isLocationPage ? null : `locations/${item.locationId}`;
}

/** Attention items (missing invoices, bill anomalies, expiring contracts): counts per kind and the first few. */
export function AttentionList({ items, isLocationPage = false, headingLevel = 2 }: AttentionListProps) {
  const pathOf = useAreaPaths();
  const [isAll, setAll] = useState(false);
  const Heading = `h${headingLevel}` as const;
  const byKind = attentionCounts(items ?? []);
  const counts = (['missingInvoice', 'billAnomaly', 'contractExpiring'] as const).map((type) => ({
    type,
    count: byKind[type],
  }));
  const shown = items ? (isAll ? items : items.slice(0, SHOWN)) : [];
  return (
    <section
      className="panel locations-attention"
      aria-labelledby="attention-title"
      aria-busy={items === undefined}
    >
      <Heading id="attention-title" className="panel__title">
        Needs attention
      </Heading>
      {items === undefined ? (
        <p className="muted" role="status">
          Checking bills and contracts…
        </p>
      ) : (
        <>
          <ul className="chip-list" aria-label="Attention items by kind">
            {counts.map(({ type, count }) => {
              const Icon = ICONS[type];
              return (
                <li key={type} className="chip" data-kind={type} data-count={count}>
                  <Icon size={16} aria-hidden="true" />
                  <strong>{count}</strong> {KIND_LABELS[type]}
                </li>
              );
            })}
          </ul>
          {items.length === 0 ? (
            <p className="muted">Nothing needs attention in the latest 12 months.</p>
          ) : (
            <ul className="locations-attention__items">
              {shown.map((item) => {
                const Icon = ICONS[item.type];
                const path = target(item, isLocationPage);
                return (
                  <li key={item.id} data-kind={item.type}>
                    <Icon size={15} aria-hidden="true" />
                    {path ? <Link to={pathOf(path)}>{item.text}</Link> : <span>{item.text}</span>}
                  </li>
                );
              })}
            </ul>
          )}
          <ShowAllButton isAll={isAll} total={items.length} limit={SHOWN} onToggle={setAll} />
        </>
      )}
    </section>
  );
}
