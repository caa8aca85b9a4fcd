// The bodies of the synced writes (docs/architecture.md §4 "Push"), and the queries of those that send one, each
// defined once: src/domain/syncedWrites.ts puts
// each next to its write's name, the device's queued call is typed by it (src/db/outbox.ts) and the server validates
// the request with it (server/src/sync/writeRoute.ts). Caps on text are looser than the rules the handlers apply after
// trimming, so padding that trimming removes does not fail the request.
// The builders by name, not TypeBox's `Type` object (which holds all of TypeBox), so the client's bundle keeps only
// those used: these schemas reach the device with the write definitions.
import * as Type from 'typebox';
import { ALERT_NOTE_MAX, ALERT_STATUS_VALUES } from './alerts';
import type { AlertStatus } from './alerts';
import { MAX_BUDGET_MONTHS } from './budgetPlans';
import { ES_NOTE_MAX_LENGTH } from './energyStar';
import {
  Closed,
  ColumnNumber,
  CompanyId,
  INTEGER_COLUMN,
  IsoDate,
  IsoMonth,
  NullableColumnNumber,
  NullableNumber,
  NullableText,
  ServiceFilter,
  UuidString,
  numberColumnBounds,
  numericColumn,
} from './requestSchemas';
import { MAX_REQUESTED_BY, MAX_TICKET_TEXT } from './tickets';

/**
 * The number columns the bodies fill, by table and column as server/src/db/schema names them, so a number is bounded
 * by what its column stores (tests/server/writeColumns.test.ts holds these to the Drizzle columns).
 */
export const WRITE_NUMBER_COLUMNS = {
  budgets: { monthCount: INTEGER_COLUMN },
  budgetItems: { budgetSpendAmount: numericColumn(14, 2), budgetUsageAmount: numericColumn(16, 3) },
  contracts: {
    termMonth: INTEGER_COLUMN,
    contractRate: numericColumn(14, 6),
    contractAnnualUsage: numericColumn(16, 3),
    contractRateType: INTEGER_COLUMN,
  },
  energyStarMetrics: { score: INTEGER_COLUMN },
  locations: { sqft: INTEGER_COLUMN },
} as const;

const COLUMNS = WRITE_NUMBER_COLUMNS;

/** Optional text that may be null. */
const OptionalText = (maxLength: number) => Type.Optional(NullableText(maxLength));

// Accounts (second spec document §7).

export const AccountNicknameBody = Closed({ nickname: NullableText(1000) });

export const AddMeterBody = Closed({
  // A client may create the meter offline with its final id (docs/architecture.md §6).
  id: Type.Optional(UuidString),
  accountId: UuidString,
  meterNumber: Type.String({ maxLength: 200 }),
  meterService: Type.String({ maxLength: 60 }),
  esiId: OptionalText(100),
});

// Omitted fields stay as they are; null or blank clears them.
export const UpdateEsiIdBody = Closed({
  id: UuidString,
  esiId: OptionalText(100),
  subAddress: OptionalText(500),
  serviceCity: OptionalText(500),
  serviceState: OptionalText(100),
  serviceZip: OptionalText(100),
  accountEsiId: OptionalText(100),
  accountSubAddress: OptionalText(500),
});

// Locations (first spec document §8).

/** The most custom attributes a company keeps. */
export const MAX_CUSTOM_ATTRIBUTES = 200;

export const AddLocationBody = Closed({
  id: Type.Optional(UuidString),
  name: Type.String({ maxLength: 1000 }),
  siteNumber: OptionalText(1000),
  address: Type.String({ maxLength: 1000 }),
  city: Type.String({ maxLength: 1000 }),
  state: Type.String({ maxLength: 40 }),
  zip: Type.String({ maxLength: 40 }),
  // Any number within the column's range: the location rule (src/domain/locationForm.ts) names a fraction itself.
  sqft: Type.Optional(NullableNumber({ ...numberColumnBounds(COLUMNS.locations.sqft), integer: false })),
  siteType: OptionalText(1000),
});

export const EnergyStarToggleQuery = Closed({ isEnergyStarActive: Type.Boolean() });

export const AssociateTagsBody = Closed({
  tagIds: Type.Array(UuidString, { maxItems: 500 }),
  // The ids of the links, one per tag id: a link the client made offline keeps its id (docs/architecture.md §6), so
  // the change feed never brings a second copy of it. Tags already on the site keep their link and its id.
  siteTagIds: Type.Optional(Type.Array(UuidString, { maxItems: 500 })),
});

export const EditCustomAttributesBody = Closed({
  customAttributes: Type.Array(
    // A client may send an id it made up offline for a new attribute (docs/architecture.md §6).
    Closed({ id: Type.Optional(UuidString), attributeName: Type.String({ minLength: 1, maxLength: 100 }) }),
    { maxItems: MAX_CUSTOM_ATTRIBUTES },
  ),
});

export const SaveGridSettingsBody = Closed({
  gridName: Type.String({ minLength: 1, maxLength: 100 }),
  // Comma list of column keys; generous for wide grids with many custom attributes.
  gridSettings: Type.String({ maxLength: 10_000 }),
});

// Alerts (second spec document §4).

/** The most alerts one batch resolves. */
export const BATCH_RESOLVE_MAX = 500;

// Looser than ALERT_NOTE_MAX so padding that trimming removes does not fail the request; the rule is checked after.
const AlertNoteText = Type.String({ maxLength: ALERT_NOTE_MAX * 2 });

export const AlertStatusBody = Closed({
  // A list of literals made from a list has no tuple type to read the statuses from: the type is said here.
  status: Type.Unsafe<AlertStatus>(Type.Union(ALERT_STATUS_VALUES.map((status) => Type.Literal(status)))),
});

// A note written offline keeps the id the device gave it (docs/architecture.md §6): a replay never makes two.
export const AddAlertNoteBody = Closed({ note: AlertNoteText, id: Type.Optional(UuidString) });

export const EditAlertNoteBody = Closed({ note: AlertNoteText });

/** The alerts a batch resolves, `?ids=a,b` (the handler reads each id and names a bad one). */
export const BatchResolveQuery = Closed({
  ids: Type.String({ minLength: 36, maxLength: BATCH_RESOLVE_MAX * 37 }),
});

export const BatchResolveBody = Closed({
  note: AlertNoteText,
  // The ids of the notes, one per alert id: notes written offline keep the ids the device gave them.
  noteIds: Type.Optional(Type.Array(UuidString, { maxItems: BATCH_RESOLVE_MAX })),
});

// Budgets.

const BudgetItems = Type.Array(
  // Items made on the device keep their ids (docs/architecture.md §6).
  Closed({
    id: Type.Optional(UuidString),
    month: IsoMonth,
    budgetSpendAmount: ColumnNumber(COLUMNS.budgetItems.budgetSpendAmount, { minimum: 0 }),
    budgetUsageAmount: ColumnNumber(COLUMNS.budgetItems.budgetUsageAmount, { minimum: 0 }),
  }),
  { minItems: 1, maxItems: MAX_BUDGET_MONTHS },
);
const BudgetUnit = Type.String({ minLength: 1, maxLength: 20 });

export const AddBudgetBody = Closed({
  id: Type.Optional(UuidString),
  locationId: UuidString,
  serviceType: Type.String({ ...ServiceFilter, minLength: 1 }),
  unit: BudgetUnit,
  startMonth: IsoMonth,
  monthCount: ColumnNumber(COLUMNS.budgets.monthCount, { minimum: 1, maximum: MAX_BUDGET_MONTHS }),
  budgetItems: BudgetItems,
});

export const UpdateBudgetBody = Closed({ unit: Type.Optional(BudgetUnit), budgetItems: BudgetItems });

// Contracts.

/** The fields a person enters for a contract; each optional, so an update names only what changes. */
export const ContractFields = {
  serviceType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  vendorName: Type.Optional(Type.String({ maxLength: 1000 })),
  startDate: Type.Optional(IsoDate),
  endDate: Type.Optional(IsoDate),
  termMonth: Type.Optional(NullableColumnNumber(COLUMNS.contracts.termMonth)),
  contractSignDate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
  contractRate: Type.Optional(NullableColumnNumber(COLUMNS.contracts.contractRate)),
  contractAnnualUsage: Type.Optional(NullableColumnNumber(COLUMNS.contracts.contractAnnualUsage)),
  contractRateType: Type.Optional(ColumnNumber(COLUMNS.contracts.contractRateType)),
  consultantName: OptionalText(1000),
  notes: OptionalText(10_000),
};

/** A new link of a contract: its id made by the device, and the location. */
const NewContractLink = Closed({ id: UuidString, locationId: UuidString });

const NewContractFields = {
  ...ContractFields,
  serviceType: Type.String({ minLength: 1, maxLength: 40 }),
  vendorName: Type.String({ maxLength: 1000 }),
  startDate: IsoDate,
  endDate: IsoDate,
  linkedLocations: Type.Optional(Type.Array(NewContractLink, { maxItems: 5000 })),
};

export const AddContractBody = Closed({ id: Type.Optional(UuidString), ...NewContractFields });

export const UpdateContractBody = Type.Object(
  { ...ContractFields, isViewed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

/** An extension is a new contract, the successor of the one it extends: the same body. */
export const ExtendContractBody = AddContractBody;

/** The contract a delete names, `?id=`. */
export const DeleteContractQuery = Closed({ id: UuidString });

const LinkedLocationIds = Type.Array(UuidString, { minItems: 1, maxItems: 5000 });

export const LinkContractLocationsBody = Closed({
  contractId: UuidString,
  locationIds: LinkedLocationIds,
  // One id per location for the new links, made on the device so the feed brings them back as the same rows.
  ids: Type.Optional(Type.Array(UuidString, { maxItems: 5000 })),
});

export const UnlinkContractLocationsBody = Closed({ contractId: UuidString, locationIds: LinkedLocationIds });

// ENERGY STAR.

export const EsScoreBody = Closed({
  esScore: ColumnNumber(COLUMNS.energyStarMetrics.score),
  // The day the score was set; it is stored on the row of its month.
  esScoreDate: IsoDate,
  // A client may create the month's row offline with its final id (docs/architecture.md §6).
  id: Type.Optional(UuidString),
});

// Loose cap: the rule (trimmed length) is checked after the schema, with the domain's message.
const EsNoteText = Type.String({ maxLength: ES_NOTE_MAX_LENGTH * 2 });

export const AddEsNoteBody = Closed({
  // A client may create the note offline with its final id (docs/architecture.md §6).
  id: Type.Optional(UuidString),
  locationId: UuidString,
  note: EsNoteText,
});

export const UpdateEsNoteBody = Closed({ id: UuidString, note: EsNoteText });

// Open / close accounts.

// Caps are loose: the domain rule trims and says what is wrong in words.
const OpenCloseText = OptionalText(500);
const OpenCloseDetails = {
  turnoverDate: OpenCloseText,
  storeOpenDate: OpenCloseText,
  storeCloseDate: OpenCloseText,
  contactName: OpenCloseText,
  contactPhone: OpenCloseText,
  contactEmail: OpenCloseText,
};

export const OpenCloseRequestBody = Closed({
  locationId: UuidString,
  services: Type.Array(
    Closed({
      // The device makes each request's id (docs/architecture.md §6), so a replay never makes two.
      id: Type.Optional(UuidString),
      serviceType: Type.String({ maxLength: 60 }),
      accountId: Type.Optional(Type.Union([UuidString, Type.Null()])),
    }),
    { maxItems: 100 },
  ),
  ...OpenCloseDetails,
});

export const OpenCloseStatusBody = Closed({
  id: UuidString,
  accountStatus: Type.Integer({ minimum: -1000, maximum: 1000 }),
});

export const UpdateOpenCloseBody = Closed({ id: UuidString, ...OpenCloseDetails });

export const OpenCloseNoteBody = Closed({
  id: Type.Optional(UuidString),
  requestId: UuidString,
  note: Type.String({ maxLength: 10_000 }),
});

// Saved report filters.

const ReportFilterName = Type.String({ maxLength: 200 });
const ReportType = Type.String({ maxLength: 40 });
// The schema Type.Record(Type.String(), Type.Unknown()) makes, written out: Record brings most of TypeBox into the
// client's bundle (about 40 kB) for this one field.
const JsonFilter = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  patternProperties: { '^.*$': {} },
});

export const SaveReportFilterBody = Closed({
  // A filter saved offline arrives with the id the device gave it (docs/architecture.md §6).
  id: Type.Optional(UuidString),
  name: ReportFilterName,
  reportType: ReportType,
  jsonFilter: JsonFilter,
});

export const UpdateReportFilterBody = Closed({
  name: Type.Optional(ReportFilterName),
  reportType: Type.Optional(ReportType),
  jsonFilter: Type.Optional(JsonFilter),
});

// Support tickets.

const TicketText = Type.String({ maxLength: MAX_TICKET_TEXT + 1000 });

/** The tracker's key of a ticket. */
export const JiraIssueId = Type.String({ minLength: 1, maxLength: 40 });

export const AddTicketBody = Closed({
  // A ticket written offline carries the id the device gave it (docs/architecture.md §6).
  id: Type.Optional(UuidString),
  companyId: Type.Optional(CompanyId),
  requestTypeId: UuidString,
  ticketDescription: TicketText,
  requestedBy: Type.String({ maxLength: MAX_REQUESTED_BY + 100 }),
});

export const AddTicketCommentBody = Closed({
  id: Type.Optional(UuidString),
  ticketId: Type.Optional(UuidString),
  jiraIssueId: Type.Optional(JiraIssueId),
  comment: TicketText,
});

/** The ticket a cancel names, by its tracker key: `cancel_ticket?jiraIssueId=`. */
export const CancelTicketQuery = Closed({ jiraIssueId: JiraIssueId });

/** An import file (docs/architecture.md §14 Imports): the spec's `fileName` + base64 `fileValue`, its kind and choices. */
export const CreateImportBody = Type.Object(
  {
    /** The batch's id, chosen by the device that queued it (a script may leave it to the server). */
    id: Type.Optional(UuidString),
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    fileValue: Type.String({ minLength: 1 }),
    kind: Type.Union([Type.Literal('bills'), Type.Literal('greenButton'), Type.Literal('sites')]),
    accountId: Type.Optional(UuidString),
    mapping: Type.Optional(
      Type.Object({
        layout: Type.Union([Type.Literal('billPerRow'), Type.Literal('linePerRow')]),
        columns: Type.Array(
          Type.Object({
            header: Type.String({ maxLength: 500 }),
            target: Type.Union([
              Type.Null(),
              Type.Object({
                field: Type.String({ maxLength: 100 }),
                classification: Type.Optional(Type.String({ maxLength: 200 })),
                unit: Type.Optional(Type.String({ maxLength: 50 })),
              }),
            ]),
          }),
          { maxItems: 500 },
        ),
      }),
    ),
    options: Type.Optional(
      Type.Object({
        duplicates: Type.Optional(Type.Union([Type.Literal('skip'), Type.Literal('import')])),
        /** Create the accounts the file names that the company lacks, under the sites its site numbers name. */
        createAccounts: Type.Optional(Type.Boolean()),
      }),
    ),
  },
  { additionalProperties: false },
);
