// Local row shapes: the server's synced rows exactly as the change feed sends them (camelCase JSON of
// server/src/db/schema). Dates are strings, money and usage numbers. The engine's own rows are in syncRows.ts.
import type { AuditThresholdOverrides } from '../domain/billAuditThresholds';
import type { BillServiceSummary } from '../domain/billFigures';
import type { EarlierStatement } from '../domain/bills';
import type { BillLines } from '../domain/billLines';
import type { ImportBatchCounts, ImportRowError, ImportUnitTotal } from '../domain/imports/batches';
import type { ApDeliveryInput } from '../domain/accountsPayable';
import type { ContractInput } from '../domain/contractForm';
import type { LocationValues } from '../domain/locationForm';
import type { ReportBill } from '../domain/reports/data';
import type { SyncedEntityName } from '../domain/syncProtocol';

/** Columns every synced row carries (docs/architecture.md §4). */
export interface SyncedColumns {
  id: string;
  companyId: number;
  version: number;
  updatedAt: string;
}

/** The company record (synced to its own users; its company is itself). */
export interface CompanyRow {
  id: number;
  parentId: number | null;
  companyTypeId: number;
  parentCompanyTypeId: number | null;
  name: string;
  sustainabilityAccess: boolean;
  billPayAccess: boolean;
  apAccess: boolean;
  budgetsAccess: boolean;
  alertsAccess: boolean;
  energyStarAccess: boolean;
  openCloseAccess: boolean;
  accrualsAccess: boolean;
  weatherNormalizationAccess: boolean;
  isEsActive: boolean;
  susScopeTooltipAccess: boolean;
  companyHasSupportAccess: boolean;
  archiveTableName: string | null;
  /** The bill audits' thresholds the company changed (null: every default). */
  auditThresholds: AuditThresholdOverrides | null;
  version: number;
  updatedAt: string;
}

/** A site: the fields a person enters (LocationValues) and the system's. */
export interface LocationRow extends SyncedColumns, LocationValues {
  isEnergyStarActive: boolean;
  esPropertyId: string | null;
  isActive: boolean;
}

/** A company-defined extra column of the location grid. */
export interface CustomAttributeRow extends SyncedColumns {
  attributeName: string;
  position: number;
}

/** One custom attribute's value at one location. */
export interface LocationAttributeValueRow extends SyncedColumns {
  locationId: string;
  attributeId: string;
  value: string;
}

/** A company tag. */
export interface TagRow extends SyncedColumns {
  text: string;
  isActive: boolean;
}

/** A tag on a site. */
export interface SiteTagRow extends SyncedColumns {
  locationId: string;
  tagId: string;
}

/** A user's saved column list of one grid in one company. */
export interface GridSettingsRow extends SyncedColumns {
  userId: number;
  gridName: string;
  gridSettings: string;
}

/** A utility account. */
export interface AccountRow extends SyncedColumns {
  locationId: string;
  vendorId: string;
  /** The vendor's name (vendors themselves are not synced). Rows stored before the server sent it lack it. */
  vendorName: string;
  accountNumber: string;
  nickname: string | null;
  collectionType: string | null;
  serviceAddress: string | null;
  serviceCity: string | null;
  serviceState: string | null;
  serviceZip: string | null;
  esiId: string | null;
  subAddress: string | null;
  meterCustomerNumbers: string | null;
  services: string;
  nextExpectedDeliveryDate: string | null;
  isActive: boolean;
}

/** A meter of an account. */
export interface MeterRow extends SyncedColumns {
  accountId: string;
  meterNumber: string;
  meterService: string | null;
  esiId: string | null;
  subAddress: string | null;
  serviceCity: string | null;
  serviceState: string | null;
  serviceZip: string | null;
}

/** A bill with its per-service summary (line items are fetched on demand): what reports read of it, and the rest. */
export interface BillRow extends SyncedColumns, ReportBill {
  /** The vendor's name, as on the account; rows stored before the server sent it lack it. */
  vendorName: string;
  dueDate: string | null;
  status: string | null;
  statusDate: string | null;
  statementDate: string | null;
  amountDue: number;
  outstandingBalance: number;
  prevMonthTotalNewCharges: number | null;
  prevYearTotalCharges: number | null;
  taxesFees: number;
  apFileInfo: string | null;
  invoiceNumber: string | null;
  /** The import batch that brought the bill, if any (src/domain/imports/batches.ts). */
  importBatchId: string | null;
  /** The statements a re-issue replaced, newest first; rows stored before the server sent it lack it. */
  earlierStatements: EarlierStatement[];
  services: BillServiceSummary[];
}

/** A local month of an account's interval readings (src/domain/imports/greenButton/intervals.ts). */
export interface IntervalMonthRow extends SyncedColumns {
  accountId: string;
  importBatchId: string | null;
  month: string;
  serviceType: string;
  unit: string;
  intervalSeconds: number;
  startsAt: string;
  values: (number | null)[];
}

/** An applied (or undone) import file: who, when, the file, its mapping, counts and totals per unit. */
export interface ImportBatchRow extends SyncedColumns {
  createdBy: number | null;
  createdAt: string;
  fileName: string;
  kind: string;
  mapping: unknown;
  counts: ImportBatchCounts;
  totals: ImportUnitTotal[];
  status: string;
  errors: ImportRowError[];
}

/**
 * Every charge and usage line of one bill (id = the bill's id): what the single bill page reads offline
 * (docs/architecture.md §14 Bills). Never read by list pages.
 */
export interface BillLinesRow extends SyncedColumns, BillLines {}

/** A supply contract: what a person enters (ContractInput) and the system's fields. */
export interface ContractRow extends SyncedColumns, ContractInput {
  vendorId: string | null;
  associatedContractId: string | null;
  isExtended: boolean;
  isViewed: boolean;
}

/** A location covered by a contract. */
export interface ContractLinkedLocationRow extends SyncedColumns {
  contractId: string;
  locationId: string;
}

/** The metadata of a document's file, and who uploaded it when. */
export interface DocumentFileColumns {
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  documentType: string | null;
  uploadedBy: number | null;
  uploadedByName: string | null;
  createdAt: string;
}

/**
 * A company's document: metadata only (its bytes download on demand and may be kept on the device, src/db/keptFiles.ts).
 * Consultant-only documents reach consultants' devices only.
 */
export interface CompanyDocumentRow extends SyncedColumns, DocumentFileColumns {
  isConsultant: boolean;
}

/** A document associated with a contract (spec 001 §3 Document): metadata only, its bytes like a company document's. */
export interface ContractDocumentRow extends SyncedColumns, DocumentFileColumns {
  contractId: string;
}

/** An alert raised on a bill by a bill audit (src/domain/billAudits.ts). */
export interface AlertRow extends SyncedColumns {
  accountId: string;
  locationId: string;
  billId: string | null;
  /** The bill's month (null without a bill). */
  billMonth: string | null;
  status: string;
  importDate: string;
  closedAt: string | null;
  serviceType: string;
  usageUoM: string | null;
  chargeVarianceMoM: number | null;
  chargeVarianceYoY: number | null;
  usageVarianceMoM: number | null;
  usageVarianceYoY: number | null;
  lateFee: number | null;
  variancePercentageChargeMoM: number | null;
  variancePercentageChargeYoY: number | null;
  variancePercentageUsageMoM: number | null;
  variancePercentageUsageYoY: number | null;
  isPublic: boolean;
  /** The audit that raised it (AUDIT_RULES); rows stored before rules existed get 'anomaly' (schema version 5). */
  rule: string;
  measured: number | null;
  reference: number | null;
}

/** A note on an alert. */
export interface AlertNoteRow extends SyncedColumns {
  alertId: string;
  note: string;
  closed: boolean;
  createdBy: number | null;
  createDate: string;
  modifiedAt: string | null;
}

/** A budget of one service over `monthCount` months from `startMonth` (location null: the whole company). */
export interface BudgetRow extends SyncedColumns {
  locationId: string | null;
  serviceType: string;
  unit: string;
  startMonth: string;
  monthCount: number;
  createdAt: string;
  modifiedAt: string;
}

/** One planned month of a budget; its actuals come from the bills (src/domain/budgets.ts). */
export interface BudgetItemRow extends SyncedColumns {
  budgetId: string;
  month: string;
  unit: string;
  budgetSpendAmount: number;
  budgetUsageAmount: number;
}

/** A request to open or close one service at a site (spec 001 §3 Open/close account). */
export interface OpenCloseRequestRow extends SyncedColumns {
  locationId: string;
  /** The account a closing ends; null for an opening until the new account exists. */
  accountId: string | null;
  serviceType: string;
  isOpen: boolean;
  /** Received=0, In Progress=1, Pending=2, Done=3 (src/domain/openClose.ts). */
  accountStatus: number;
  turnoverDate: string | null;
  storeCloseDate: string | null;
  storeOpenDate: string | null;
  requestedBy: number | null;
  /** Null on a request made on this device until the server's row arrives (the page says "You"). */
  requestedByName: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  createdAt: string;
}

/** A note on an open/close request. */
export interface OpenCloseNoteRow extends SyncedColumns {
  requestId: string;
  note: string;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
}

/** One event of a request's history, written by the server: created, a status change, an edit. */
export interface OpenCloseEventRow extends SyncedColumns {
  requestId: string;
  kind: 'created' | 'status' | 'edited';
  fromStatus: number | null;
  toStatus: number | null;
  /** The fields an edit changed, comma-separated (their API names). */
  fields: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
}

/** One month of a site's ENERGY STAR figures (spec 000 §3): each covers the twelve months ending with it. */
export interface EnergyStarMetricRow extends SyncedColumns {
  locationId: string;
  /** `YYYY-MM`. */
  metricMonth: string;
  score: number | null;
  isBaseline: boolean;
  sourceIntensity: number | null;
  locationIntensity: number | null;
  sourceTotal: number | null;
  locationTotal: number | null;
  totalGHGEmissions: number | null;
  startDate: string | null;
  dateMeterBecameActive: string | null;
}

/** A note on a site's ENERGY STAR data (spec 001 §3). */
export interface EnergyStarNoteRow extends SyncedColumns {
  locationId: string;
  note: string;
  createDate: string;
  modifiedAt: string | null;
}

/** A company's account and client manager contacts (spec 000 §3 Company profile). */
export interface CompanyProfileRow extends SyncedColumns {
  accountManager: string | null;
  accountManagerPhoneNumber: string | null;
  accountManagerEmail: string | null;
  clientManager: string | null;
  clientManagerPhoneNumber: string | null;
  clientManagerEmail: string | null;
}

/** A user of the company (spec 001 §3 User), synced only to its admins and consultants; the id is the user id as text. */
export interface CompanyUserRow extends SyncedColumns {
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  roles: string[];
}

/** A user's saved report filter in one company (spec 001 §7 Reports): private to the user, synced for offline. */
export interface ReportFilterRow extends SyncedColumns {
  userId: number;
  name: string;
  /** A report type id (src/domain/reports/types.ts); a newer server's unknown types are kept, not shown. */
  reportType: string;
  /** The filter as saved; read with parseReportFilter. */
  jsonFilter: Record<string, unknown>;
  createdAt: string;
}

/** A support ticket (spec 000 §3, spec 001 §3 Support ticket); `jiraIssueId` is '' until the server numbers it. */
export interface SupportTicketRow extends SyncedColumns {
  jiraIssueId: string;
  requestType: string;
  summary: string;
  ticketDescription: string;
  requestedBy: string;
  createdBy: number | null;
  createdByName: string | null;
  status: string;
  createdAt: string;
}

/** A comment on a support ticket. */
export interface TicketCommentRow extends SyncedColumns {
  ticketId: string;
  body: string;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
}

/** A ticket's attachment (its bytes are downloaded on demand and kept, docs/architecture.md §15). */
export interface TicketAttachmentRow extends SyncedColumns {
  ticketId: string | null;
  accountNumber: string | null;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** The key of `download_attachment?contentUrl`; null until the server has the file. */
  contentUrl: string | null;
  isTemporary: boolean;
  createdAt: string;
}

/** A bill delivered in an AP file (spec 001 §3 Accounts payable): what the AP rules read of it, and when it came. */
export interface ApDeliveryRow extends SyncedColumns, ApDeliveryInput {
  createdAt: string;
}

/** A payment of an account's bill; the method shows as CHECK or DIGITAL (spec 001 §4). */
export interface PaymentConfirmationRow extends SyncedColumns {
  accountId: string;
  amount: number;
  paymentMethod: string;
  invoiceDate: string | null;
  paymentDate: string;
  confirmationNumber: string;
  /** The bill paid, when known (its bill pay notes: GET /BillPayBillNotes/{billId}). */
  billId: string | null;
}

/** Money the client deposited for bill pay, and how much of it is matched to bills. */
export interface ClientDepositRow extends SyncedColumns {
  depositDate: string;
  transactionAmount: number;
  matchedAmount: number;
}

/** An accrual row of a month-end batch (spec 001 §3 Bill pay). */
export interface AccrualRow extends SyncedColumns {
  accountId: string;
  serviceStartPeriod: string;
  serviceEndPeriod: string;
  invoiceDate: string | null;
  lastBillReceived: string | null;
  lastBillPaid: string | null;
  batchDate: string;
  totalMinusAllCategories: number;
  daysOfService: number;
}

/**
 * `Rows` itself when it names every synced entity of the shared list and nothing else; a compile error otherwise, so
 * the row types cannot drift from the change feed's entities.
 */
type ForEachSyncedEntity<
  Rows extends Record<SyncedEntityName, unknown> & Record<Exclude<keyof Rows, SyncedEntityName>, never>,
> = Rows;

/** Every synced table by its change-feed entity name, with its row type. */
export type SyncedRows = ForEachSyncedEntity<{
  companies: CompanyRow;
  locations: LocationRow;
  customAttributes: CustomAttributeRow;
  locationAttributeValues: LocationAttributeValueRow;
  tags: TagRow;
  siteTags: SiteTagRow;
  gridSettings: GridSettingsRow;
  accounts: AccountRow;
  meters: MeterRow;
  bills: BillRow;
  billLines: BillLinesRow;
  importBatches: ImportBatchRow;
  intervalMonths: IntervalMonthRow;
  contracts: ContractRow;
  contractLinkedLocations: ContractLinkedLocationRow;
  companyDocuments: CompanyDocumentRow;
  contractDocuments: ContractDocumentRow;
  alerts: AlertRow;
  alertNotes: AlertNoteRow;
  budgets: BudgetRow;
  budgetItems: BudgetItemRow;
  supportTickets: SupportTicketRow;
  ticketComments: TicketCommentRow;
  ticketAttachments: TicketAttachmentRow;
  apDeliveries: ApDeliveryRow;
  paymentConfirmations: PaymentConfirmationRow;
  clientDeposits: ClientDepositRow;
  accruals: AccrualRow;
  openCloseRequests: OpenCloseRequestRow;
  openCloseNotes: OpenCloseNoteRow;
  openCloseEvents: OpenCloseEventRow;
  energyStarMetrics: EnergyStarMetricRow;
  energyStarNotes: EnergyStarNoteRow;
  companyProfiles: CompanyProfileRow;
  companyUsers: CompanyUserRow;
  reportFilters: ReportFilterRow;
}>;

/** A change-feed entity name, which is also its local table name. */
export type SyncedEntity = SyncedEntityName;

/** Any synced row, as generic code (pull, outbox) handles it. */
export type AnyRow = Record<string, unknown> & {
  id: string | number;
  version: number;
  companyId?: number;
  updatedAt?: string;
};
