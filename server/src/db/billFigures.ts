// The columns of a bill that the rules reading its figures take (the bill audits, src/domain/billAudits.ts, and the
// reports, src/domain/reports/data.ts ReportBill), selected once for the readers that serve them.
import { bills } from './schema';

/** A bill's month, dates and figures, by the names the domain's rules read. */
export const BILL_FIGURE_COLUMNS = {
  billMonth: bills.billMonth,
  invoiceDate: bills.invoiceDate,
  readDateFrom: bills.readDateFrom,
  readDateTo: bills.readDateTo,
  totalNewCharges: bills.totalNewCharges,
  lateFee: bills.lateFee,
  isInvoiceMissing: bills.isInvoiceMissing,
  services: bills.services,
};
