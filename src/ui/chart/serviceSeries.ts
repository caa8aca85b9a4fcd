import { serviceLabel } from '../../domain/serviceTypes';
import type { ChartSeries } from './config';

/** A service type's series: named as the service reads, drawn in the service's colour. */
export function serviceSeries(serviceType: string, data: readonly (number | null)[]): ChartSeries {
  return { label: serviceLabel(serviceType), serviceType, data };
}
