import type { ReactNode } from 'react';
import { formatWhole } from '../domain/format';
import { formatCurrency } from '../domain/money';
import { serviceLabel, serviceUnit } from '../domain/serviceTypes';
import type { ServiceTotals } from '../domain/totals';
import { figureFitStyle } from './figureFit';
import { serviceColourStyle } from './serviceColours';

/** Props of one service's figure card. */
export type ServiceCardProps = {
  /** The service type value ('electric'); its colour marks the card. Left out for an "all services" card. */
  serviceType?: string;
  title: string;
  value: ReactNode;
  /** The figure as text, when `value` is an element (a number with its unit): lets a long figure fit the card. */
  figureText?: string;
  /** A second line: usage with its unit, or the spend. */
  children?: ReactNode;
  /** The accent colour instead of a service's (the all-services total). */
  isAccent?: boolean;
};

/**
 * One service's figure as a list item of a `ul.service-cards` (cards.css), edged in the service's colour;
 * a figure too long for the card is set smaller rather than run out of it (figureFitStyle).
 */
export function ServiceCard({
  serviceType,
  title,
  value,
  figureText,
  children,
  isAccent = false,
}: ServiceCardProps) {
  return (
    <li
      className={isAccent ? 'service-card service-card--accent' : 'service-card'}
      data-service={serviceType}
      style={{
        ...figureFitStyle(figureText ?? value),
        ...(serviceType === undefined ? {} : serviceColourStyle(serviceType)),
      }}
    >
      <h3 className="service-card__title">{title}</h3>
      <p className="service-card__value">{value}</p>
      {children === undefined || children === null ? null : <p className="muted">{children}</p>}
    </li>
  );
}

/**
 * A service card per service of a company's or an account's 12-month totals, largest spend first: the spend,
 * and the usage in the service's default unit where it has one (spec 000 §9).
 */
export function ServiceTotalCards({ byService }: { byService: Readonly<Record<string, ServiceTotals>> }) {
  const services = Object.entries(byService).sort((a, b) => b[1].charges - a[1].charges);
  return services.map(([serviceType, totals]) => {
    const unit = serviceUnit(serviceType);
    return (
      <ServiceCard
        key={serviceType}
        serviceType={serviceType}
        title={serviceLabel(serviceType)}
        value={formatCurrency(totals.charges)}
      >
        {unit && totals.usage > 0 ? `${formatWhole(totals.usage)} ${unit}` : null}
      </ServiceCard>
    );
  });
}
