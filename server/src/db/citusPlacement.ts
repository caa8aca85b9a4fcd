// Where each table of the database goes when it runs on Citus, distributed PostgreSQL (docs/architecture.md §4
// Several machines). Declared once, here; tests/server/db/citusReady.test.ts reads the migrated schema and fails when a
// table has no placement or breaks the rules of its placement, so the schema stays ready to be distributed.

/**
 * - 'distributed': rows are owned by one company; sharded by `company_id` with `create_distributed_table('…',
 *   'company_id')`, every such table colocated with the others, so one company's rows are on one worker.
 * - 'reference': shared by every company (or read across them on every request, like users); copied whole to every
 *   worker with `create_reference_table('…')`, so distributed tables may join it and refer to it.
 * - 'local': the coordinator's own bookkeeping (sign-in state, shared limits); never joined with company rows.
 */
export type CitusPlacement = 'distributed' | 'reference' | 'local';

/** The column every distributed table is sharded by. */
export const CITUS_DISTRIBUTION_COLUMN = 'company_id';

/** The placement of every table, by its SQL name. */
export const CITUS_PLACEMENT: Readonly<Record<string, CitusPlacement>> = {
  // Shared: companies and the people who sign in are read across companies (consultants reach many).
  companies: 'reference',
  users: 'reference',
  user_roles: 'reference',
  consultant_company_access: 'reference',
  user_admin_audit: 'reference',
  sso_clients: 'reference',
  vendors: 'reference',
  support_request_types: 'reference',
  weather_daily_temperatures: 'reference',
  weather_station_months: 'reference',

  // The coordinator's own: sign-in tokens, invitations, shared limits, files on their way to the file store.
  refresh_tokens: 'local',
  totp_secrets: 'local',
  password_reset_tokens: 'local',
  invites: 'local',
  file_inbox: 'local',
  rate_limit_windows: 'local',
  saml_requests: 'local',

  // A company's own rows. The sync bookkeeping is here too, so a write, its version bump and its tombstones are one
  // company's, on one worker, in one transaction (docs/architecture.md §4).
  company_sync: 'distributed',
  tombstones: 'distributed',
  idempotency_keys: 'distributed',
  company_profiles: 'distributed',
  company_custom_configuration: 'distributed',
  locations: 'distributed',
  custom_attributes: 'distributed',
  location_attribute_values: 'distributed',
  tags: 'distributed',
  site_tags: 'distributed',
  grid_settings: 'distributed',
  accounts: 'distributed',
  meters: 'distributed',
  bills: 'distributed',
  bill_charges: 'distributed',
  bill_usages: 'distributed',
  bill_lines: 'distributed',
  bill_attachments: 'distributed',
  import_batches: 'distributed',
  interval_months: 'distributed',
  contracts: 'distributed',
  contract_linked_locations: 'distributed',
  contract_documents: 'distributed',
  company_documents: 'distributed',
  alerts: 'distributed',
  alert_notes: 'distributed',
  budgets: 'distributed',
  budget_items: 'distributed',
  ap_deliveries: 'distributed',
  payment_confirmations: 'distributed',
  client_deposits: 'distributed',
  gl_files: 'distributed',
  accruals: 'distributed',
  accrual_reports: 'distributed',
  control_workbooks: 'distributed',
  bill_pay_bill_notes: 'distributed',
  open_close_requests: 'distributed',
  open_close_notes: 'distributed',
  open_close_events: 'distributed',
  energy_star_metrics: 'distributed',
  energy_star_notes: 'distributed',
  energy_star_pushes: 'distributed',
  support_tickets: 'distributed',
  ticket_comments: 'distributed',
  ticket_attachments: 'distributed',
  report_filters: 'distributed',
  archive_records: 'distributed',
  chat_sessions: 'distributed',
};

/**
 * Identity columns of distributed tables that nothing orders or pages by, with why. Under Citus an identity of a
 * distributed table draws from ranges per node, so its values are unique but not in commit order; the change feed
 * pages by the company's version (written from company_sync in the write's transaction), never by such a column.
 */
export const CITUS_UNORDERED_IDENTITIES: Readonly<Record<string, string>> = {
  'tombstones.id':
    'a surrogate key only (one entity id may be deleted several times); the feed reads tombstones by company and version',
};
