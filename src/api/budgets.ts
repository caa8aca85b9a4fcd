import { get } from './http';
import type { ApiResult } from './http';
import type { PreviousMonth } from '../domain/budgetPlans';

/** What `GET /api/budgets/{locationId}/previousData` answers: last year's figures for each planned month. */
export interface PreviousData {
  locationId: string;
  serviceType: string;
  unit: string;
  items: PreviousMonth[];
}

/** The spec's query of "fill from last year" (spec 001 §7 Budgets), its own parameter names kept. */
export interface PreviousDataQuery {
  locationId: string;
  /** The service's numeric id (spec 001 §9: electric 4...). */
  serviceGroupId: number;
  startYear: number;
  startMonth: number;
  numOfMonths: number;
  unit: string;
}

/** `GET /api/budgets/{locationId}/previousData?ServiceGroupId&StartYear&StartMonth&NumOfMonths` (online only). */
export function fetchPreviousData(query: PreviousDataQuery): Promise<ApiResult<PreviousData>> {
  return get<PreviousData>(`/budgets/${query.locationId}/previousData`, {
    params: {
      ServiceGroupId: query.serviceGroupId,
      StartYear: query.startYear,
      StartMonth: query.startMonth,
      NumOfMonths: query.numOfMonths,
      Unit: query.unit,
    },
  });
}
