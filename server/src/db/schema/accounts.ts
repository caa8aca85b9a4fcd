// Utility vendors, accounts and meters (spec 001 §3 Accounts). Accounts and meters are synced.
import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, syncColumns, syncIndex, tenantId, tenantKey, tenantRef } from './columns';
import { locations } from './locations';

/**
 * A utility or supplier; shared by every company, so not synced. Accounts and bills carry a copy of its name
 * (vendor_name), so the change feed serves their rows as stored, without a join.
 */
export const vendors = pgTable('vendors', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

/** A utility account at a location. */
export const accounts = pgTable(
  'accounts',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id').notNull(),
    vendorId: requiredRef('vendor_id', () => vendors.id),
    // The vendor's name, kept with vendorId wherever either is written.
    vendorName: text('vendor_name').notNull(),
    accountNumber: text('account_number').notNull(),
    nickname: text('nickname'),
    // One of the bill collection types: EBILL-PAPERLESS, PAPER, EMAIL, MANUAL EBILL.
    collectionType: text('collection_type'),
    // Null service address fields fall back to the location's (spec 001 §3).
    serviceAddress: text('service_address'),
    serviceCity: text('service_city'),
    serviceState: text('service_state'),
    serviceZip: text('service_zip'),
    // Texas ERCOT ESI ID; outside Texas the value belongs in meterCustomerNumbers (spec 001 §5).
    esiId: text('esi_id'),
    subAddress: text('sub_address'),
    meterCustomerNumbers: text('meter_customer_numbers'),
    // Comma list of service types, e.g. 'electric,water'.
    services: text('services').notNull().default(''),
    nextExpectedDeliveryDate: date('next_expected_delivery_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    tenantRef('accounts_location_id_fk', { column: t.locationId, companyId: t.companyId }, locations),
    syncIndex('accounts', t),
    index('accounts_location_id_idx').on(t.locationId),
    index('accounts_company_account_number_idx').on(t.companyId, t.accountNumber),
    index('accounts_vendor_id_idx').on(t.vendorId),
  ],
);

/** A meter of an account. */
export const meters = pgTable(
  'meters',
  {
    id: tenantId(),
    ...syncColumns(),
    accountId: uuid('account_id').notNull(),
    meterNumber: text('meter_number').notNull(),
    // Service type value of the meter (e.g. 'electric').
    meterService: text('meter_service'),
    esiId: text('esi_id'),
    // Set by PUT /updateEsiIdSubAddress together with the service address of the meter.
    subAddress: text('sub_address'),
    serviceCity: text('service_city'),
    serviceState: text('service_state'),
    serviceZip: text('service_zip'),
  },
  (t) => [
    tenantKey(t),
    tenantRef('meters_account_id_fk', { column: t.accountId, companyId: t.companyId }, accounts),
    syncIndex('meters', t),
    index('meters_account_id_idx').on(t.accountId),
  ],
);
