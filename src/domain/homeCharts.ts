// The headline figures of a company, as GET /api/companies/{id}/homeChartsData answers them: the server computes
// them in SQL with the shared rules (server/src/areas/consultant/homeCharts.ts) and the consultant landing's client cards show
// them. The client home page computes the same figures from the local database (src/db/queries/companyHome.ts).

/** One service's 12-month figures on a landing card. */
export interface ServiceFigures {
  serviceType: string;
  charges: number;
  usage: number;
  unit: string | null;
}

/** The headline figures of a company, as the consultant landing's client cards show them. */
export interface HomeChartsData {
  companyId: number;
  name: string;
  /** The 12 bill months ending with the company's latest bill month, oldest first. */
  months: string[];
  totalCharges: number;
  byService: ServiceFigures[];
  monthlyCharges: { billMonth: string; charges: number }[];
  locationCount: number;
  accountCount: number;
  openAlerts: number;
  contractsDue: number;
}
