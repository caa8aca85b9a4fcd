import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { figureFitStyle } from './figureFit';

/** Props of a headline figure card. */
export type KpiCardProps = {
  icon: LucideIcon;
  title: string;
  /** The figure; '…' while loading. */
  value: ReactNode;
  /** A short note under the figure (its period, a link). */
  children?: ReactNode;
  /** The page's leading figure gets the accent background. */
  isAccent?: boolean;
  /**
   * For a figure that is an element (a VarianceFigure): its longest line as text, which the figure is sized to fit
   * the card by, as a text figure is.
   */
  fitText?: string;
};

/**
 * One headline figure of a page (cards.css .kpi-card); put several in a `.kpi-grid`. A figure too long for
 * the card's width is set smaller rather than run out of it (figureFitStyle).
 */
export function KpiCard({ icon: Icon, title, value, children, isAccent = false, fitText }: KpiCardProps) {
  return (
    <article
      className={isAccent ? 'kpi-card kpi-card--accent' : 'kpi-card'}
      style={figureFitStyle(fitText ?? value)}
    >
      <Icon className="kpi-card__icon" size={20} aria-hidden="true" />
      <h2 className="kpi-card__title">{title}</h2>
      <p className="kpi-card__value">{value}</p>
      {children === undefined || children === null ? null : <p className="muted">{children}</p>}
    </article>
  );
}
