// Supplier contracts, their documents and linked locations, and company documents (spec 001 §3 Contract, Document).
// daysTillExpire, status and statusColor are derived from end_date by src/domain, never stored.
import { boolean, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { vendors } from './accounts';
import {
  fileColumns,
  syncColumns,
  syncIndex,
  tenantId,
  tenantKey,
  tenantRef,
  tenantUnique,
  timestamptz,
  usage,
} from './columns';
import { locations } from './locations';
import { users } from './users';

/** A supply contract; an extension is a new contract pointing back through `associatedContractId`. */
export const contracts = pgTable(
  'contracts',
  {
    id: tenantId(),
    ...syncColumns(),
    serviceType: text('service_type').notNull(),
    vendorName: text('vendor_name').notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    termMonth: integer('term_month'),
    contractSignDate: date('contract_sign_date', { mode: 'string' }),
    // A unit rate such as $/kWh needs more than the two decimals of money.
    contractRate: numeric('contract_rate', { precision: 14, scale: 6, mode: 'number' }),
    contractAnnualUsage: usage('contract_annual_usage'),
    // 0 Fixed, 1 Not Fixed, 2 Variable.
    contractRateType: integer('contract_rate_type').notNull().default(0),
    // Null means none; the API maps the spec's all-zero UUID to null so the foreign key holds.
    associatedContractId: uuid('associated_contract_id'),
    isExtended: boolean('is_extended').notNull().default(false),
    isViewed: boolean('is_viewed').notNull().default(false),
    consultantName: text('consultant_name'),
    notes: text('notes'),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'contracts_associated_contract_id_fk',
      { column: t.associatedContractId, companyId: t.companyId },
      // The table itself: its own columns, since `contracts` is not typed yet inside its definition.
      { id: t.id, companyId: t.companyId },
    ),
    syncIndex('contracts', t),
    index('contracts_company_end_date_idx').on(t.companyId, t.endDate),
    index('contracts_associated_contract_id_idx').on(t.associatedContractId),
  ],
);

/** A location covered by a contract. */
export const contractLinkedLocations = pgTable(
  'contract_linked_locations',
  {
    id: tenantId(),
    ...syncColumns(),
    contractId: uuid('contract_id').notNull(),
    locationId: uuid('location_id').notNull(),
  },
  (t) => [
    index('contract_linked_locations_contract_id_idx').on(t.contractId, t.companyId),
    tenantKey(t),
    tenantRef(
      'contract_linked_locations_contract_id_fk',
      { column: t.contractId, companyId: t.companyId },
      contracts,
    ),
    tenantRef(
      'contract_linked_locations_location_id_fk',
      { column: t.locationId, companyId: t.companyId },
      locations,
    ),
    syncIndex('contract_linked_locations', t),
    tenantUnique('contract_linked_locations_contract_location_key', t.companyId, t.contractId, t.locationId),
    index('contract_linked_locations_location_id_idx').on(t.locationId),
  ],
);

/**
 * A file attached to a contract (spec 001 §3 Document, "associated documents"): synced metadata, the bytes in the
 * file store like company documents. Deleting a contract deletes its documents with tombstones (areas/contracts/contractWrites.ts).
 */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: tenantId(),
    ...syncColumns(),
    contractId: uuid('contract_id').notNull(),
    ...fileColumns(),
    documentType: text('document_type'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedByName: text('uploaded_by_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'contract_documents_contract_id_fk',
      { column: t.contractId, companyId: t.companyId },
      contracts,
      'cascade',
    ),
    tenantUnique('contract_documents_company_storage_key_key', t.companyId, t.storageKey),
    syncIndex('contract_documents', t),
    index('contract_documents_contract_id_idx').on(t.contractId),
  ],
);

/**
 * A file of a company (synced: metadata only, the bytes are in the file store). `isConsultant` marks documents a
 * consultant keeps for the consultancy: consultants only see them, and the change feed never sends them to clients.
 */
export const companyDocuments = pgTable(
  'company_documents',
  {
    id: tenantId(),
    ...syncColumns(),
    isConsultant: boolean('is_consultant').notNull().default(false),
    ...fileColumns(),
    documentType: text('document_type'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    // The uploader's name as it was, so a client's device can show it without the user list.
    uploadedByName: text('uploaded_by_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantUnique('company_documents_company_storage_key_key', t.companyId, t.storageKey),
    syncIndex('company_documents', t),
  ],
);
