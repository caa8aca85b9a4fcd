// The bills calls behind reports (spec 001 §7 Bills): GET bills/{companyId}/locationBills?siteIds&fromYear&toYear
// &vendorIds (the bills of some sites over whole years) and GET bills/{companyId}/getAllSitesMissingBills
// ?fromYear&toYear (the missing-invoice rule of src/domain/reports/missingInvoices.ts, which the device's Missing
// invoices page runs over its own rows). The company is in the path, so neither has a consultant twin.
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import type { RouteAccess } from '../../auth/access';
import { companyOf } from '../../auth/access';
import { CompanyId } from '../../http/commonSchemas';
import { accounts, bills, locations } from '../../db/schema';
import { badRequest } from '../../errors';
import { MAX_REPORT_MONTHS } from '../../../../src/domain/reports/filter';
import { MISSING_REASON_TEXT, missingInvoices } from '../../../../src/domain/reports/missingInvoices';
import { indexData } from '../../../../src/domain/reports/select';
import { loadReportData, reportCompanyIds } from './reportData';

const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
const UuidList = Type.String({
  pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$',
  maxLength: 37 * 2_000,
});
const Params = Type.Object({ companyId: CompanyId }, { additionalProperties: false });
const LocationBillsQuery = Type.Object(
  { siteIds: Type.Optional(UuidList), fromYear: Year, toYear: Year, vendorIds: Type.Optional(UuidList) },
  { additionalProperties: false },
);
const MissingQuery = Type.Object(
  { fromYear: Year, toYear: Year, isParent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

const ACCESS: RouteAccess = { company: { from: 'param', name: 'companyId' }, area: 'bills' };

/** The months of whole years `fromYear` to `toYear`; 400 when reversed or longer than a report may run. */
function yearRange(fromYear: number, toYear: number): { fromMonth: string; toMonth: string } {
  if (fromYear > toYear)
    throw badRequest('toYear is before fromYear', { 'querystring.toYear': 'is before fromYear' });
  if ((toYear - fromYear + 1) * 12 > MAX_REPORT_MONTHS)
    throw badRequest('The range is too long', {
      'querystring.toYear': `the range may cover at most ${MAX_REPORT_MONTHS / 12} years`,
    });
  return { fromMonth: `${fromYear}-01`, toMonth: `${toYear}-12` };
}

const ids = (list: string | undefined): string[] | null =>
  list === undefined ? null : list.split(',').map((id) => id.toLowerCase());

/** Registers locationBills and getAllSitesMissingBills. */
export function reportBillRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/bills/:companyId/locationBills',
    { config: { access: ACCESS }, schema: { params: Params, querystring: LocationBillsQuery } },
    async (request) => {
      const { fromMonth, toMonth } = yearRange(request.query.fromYear, request.query.toYear);
      const sites = ids(request.query.siteIds);
      const vendors = ids(request.query.vendorIds);
      return db
        .select({
          id: bills.id,
          billMonth: bills.billMonth,
          locationId: bills.locationId,
          siteNumber: locations.siteNumber,
          siteName: locations.name,
          accountId: bills.accountId,
          accountNumber: accounts.accountNumber,
          vendorId: bills.vendorId,
          vendorName: bills.vendorName,
          invoiceDate: bills.invoiceDate,
          dueDate: bills.dueDate,
          status: bills.status,
          totalNewCharges: bills.totalNewCharges,
          amountDue: bills.amountDue,
          taxesFees: bills.taxesFees,
          isInvoiceMissing: bills.isInvoiceMissing,
          services: bills.services,
        })
        .from(bills)
        .innerJoin(locations, eq(locations.id, bills.locationId))
        .innerJoin(accounts, eq(accounts.id, bills.accountId))
        .where(
          and(
            eq(bills.companyId, companyOf(request).id),
            gte(bills.billMonth, fromMonth),
            lte(bills.billMonth, `${toMonth}-31`),
            sites ? inArray(bills.locationId, sites) : undefined,
            vendors ? inArray(bills.vendorId, vendors) : undefined,
          ),
        )
        .orderBy(asc(locations.name), asc(bills.billMonth), asc(accounts.accountNumber), asc(bills.id));
    },
  );

  app.get(
    '/api/bills/:companyId/getAllSitesMissingBills',
    { config: { access: ACCESS }, schema: { params: Params, querystring: MissingQuery } },
    async (request) => {
      const range = yearRange(request.query.fromYear, request.query.toYear);
      const companyIds = await reportCompanyIds(db, request, request.query.isParent);
      const data = await loadReportData(db, companyIds, ['locations', 'accounts', 'bills']);
      const index = indexData(data);
      return missingInvoices(data, range).map((invoice) => {
        const location = index.locations.get(invoice.locationId);
        const account = index.accounts.get(invoice.accountId);
        return {
          ...invoice,
          siteNumber: location?.siteNumber ?? null,
          siteName: location?.name ?? null,
          state: location?.state ?? null,
          accountNumber: account?.accountNumber ?? null,
          vendorName: account?.vendorName ?? null,
          reasonText: MISSING_REASON_TEXT[invoice.reason],
        };
      });
    },
  );
  return Promise.resolve();
}
