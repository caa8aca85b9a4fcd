import { CircleAlert, CircleCheck, CircleHelp, Clock, PiggyBank, ThumbsUp, UserRoundPen } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { alertStatusDisplay } from '../../domain/alerts';

/** The lucide icons the spec's statuses name (src/domain/alerts.ts ALERT_STATUSES). */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  'circle-alert': CircleAlert,
  'thumbs-up': ThumbsUp,
  'circle-check': CircleCheck,
  'piggy-bank': PiggyBank,
  clock: Clock,
  'user-round-pen': UserRoundPen,
};

/**
 * An alert's status as the spec shows it (spec 001 §4): its text, icon and colour. Good has no text (its icon is
 * named for screen readers), and closed - public looks like closed.
 */
export function AlertStatusBadge({ status }: { status: string }) {
  const style = alertStatusDisplay(status);
  const Icon = ICONS[style.icon] ?? CircleHelp;
  return (
    <span className="alerts-status" data-color={style.color} title={style.text || 'Good'}>
      <Icon aria-hidden="true" size={16} />
      {style.text ? style.text : <span className="visually-hidden">Good</span>}
    </span>
  );
}
