import type { ReactNode } from 'react';
import { figureFitStyle } from './figureFit';
import { serviceColourStyle } from './serviceColours';

/** Props of one service's figure card. */
export type ServiceCardProps = {
  /** The service type value ('electric'); its colour marks the card. Left out for an "all services" card. */
  serviceType?: string;
  title: string;
  value: ReactNode;
  /** A second line: usage with its unit, or the spend. */
  children?: ReactNode;
  /** The accent colour instead of a service's (the all-services total). */
  isAccent?: boolean;
};

/**
 * One service's figure as a list item of a `ul.service-cards` (components.css), edged in the service's colour;
 * a figure too long for the card is set smaller rather than run out of it (figureFitStyle).
 */
export function ServiceCard({ serviceType, title, value, children, isAccent = false }: ServiceCardProps) {
  return (
    <li
      className={isAccent ? 'service-card service-card--accent' : 'service-card'}
      data-service={serviceType}
      style={{
        ...figureFitStyle(value),
        ...(serviceType === undefined ? {} : serviceColourStyle(serviceType)),
      }}
    >
      <h3 className="service-card__title">{title}</h3>
      <p className="service-card__value">{value}</p>
      {children === undefined || children === null ? null : <p className="muted">{children}</p>}
    </li>
  );
}
