import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { EsMetricKey } from '../../domain/energyStar';
import { esChangeText, esChangeTone } from './esFormat';

/** A change of a metric with its sign, percentage and tone (good news green, bad news red); nothing when unknown. */
export function EsChange({
  metric,
  change,
  label,
}: {
  metric: EsMetricKey;
  change: { change: number; percent?: number | null } | null | undefined;
  /** What the change is measured against, read with it ('vs baseline'). */
  label?: string;
}) {
  if (!change) return null;
  const tone = esChangeTone(metric, change.change);
  const Icon = tone === 'flat' ? Minus : change.change > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span className="energy-star-change" data-tone={tone}>
      <Icon size={14} aria-hidden="true" />
      {esChangeText(change.change, change.percent)}
      {label ? <span className="energy-star-change__label"> {label}</span> : null}
    </span>
  );
}
