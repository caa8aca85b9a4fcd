// The synced writes (docs/architecture.md §4 "Push", §11): each defined once, by name, with its method and the spec's
// path under /api, for the device that queues it (src/db/outbox.ts builds its URL; no REST path is written there as a
// string) and the server that registers it (server/src/sync/writeRoute.ts). A path names its parameters `:like/this`;
// company-scoped writes are queued on their consultant twin `/companies/:companyId/…`, which every user may call
// (the access hook checks the company), so a replay after a lost answer reaches its stored answer even when the
// row is gone.

/** The HTTP method of a synced write. */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/** The route of one synced write. */
export interface WriteRoute {
  readonly method: WriteMethod;
  /** The spec's path under `/api`, with `:name` parameters. */
  readonly path: string;
}

/** Every synced write the device queues, by name; the server registers each (tests/server/syncedWrites.test.ts). */
export const SYNCED_WRITES = {
  accountNickname: { method: 'PUT', path: '/accounts/nickname/:id' },
  addMeter: { method: 'POST', path: '/accounts/addMeterRecord' },
  updateEsiIdSubAddress: { method: 'PUT', path: '/updateEsiIdSubAddress' },

  addLocation: { method: 'POST', path: '/companies/:companyId/locations' },
  energyStarToggle: { method: 'PUT', path: '/locations/:id/energyStarToggle' },
  associateTags: { method: 'POST', path: '/companies/:companyId/site/:siteId/associateTags' },
  editCustomAttributes: { method: 'PUT', path: '/:companyId/editCustomAttributes' },
  saveGridSettings: { method: 'POST', path: '/companies/:companyId/user/saveGridSettings' },

  setAlertStatus: { method: 'PUT', path: '/alerts/:id' },
  addAlertNote: { method: 'POST', path: '/alerts/:id/notes' },
  editAlertNote: { method: 'PUT', path: '/alerts/notes/:id' },
  deleteAlertNote: { method: 'POST', path: '/alerts/notes/:id' },
  batchResolveAlerts: { method: 'PUT', path: '/companies/:companyId/alerts/batchResolve' },

  addBudget: { method: 'POST', path: '/companies/:companyId/budgets' },
  updateBudget: { method: 'PUT', path: '/budgets/:id' },
  deleteBudget: { method: 'DELETE', path: '/budgets/:id' },

  addContract: { method: 'POST', path: '/companies/:companyId/contracts/add' },
  updateContract: { method: 'PUT', path: '/companies/:companyId/contracts/:id/update' },
  extendContract: { method: 'POST', path: '/companies/:companyId/contracts/:id/extend' },
  deleteContract: { method: 'DELETE', path: '/companies/:companyId/contracts/delete' },
  linkContractLocations: { method: 'POST', path: '/companies/:companyId/contracts/linked_locations/link' },
  unlinkContractLocations: {
    method: 'POST',
    path: '/companies/:companyId/contracts/linked_locations/unlink',
  },

  addCompanyDocument: { method: 'POST', path: '/companies/:companyId/contracts/company_documents/add' },
  updateCompanyDocument: {
    method: 'PUT',
    path: '/companies/:companyId/contracts/company_documents/:id/update',
  },
  deleteCompanyDocument: {
    method: 'DELETE',
    path: '/companies/:companyId/contracts/company_documents/:id/delete',
  },
  addContractDocument: { method: 'POST', path: '/companies/:companyId/contracts/associated_documents/add' },
  updateContractDocument: {
    method: 'PUT',
    path: '/companies/:companyId/contracts/associated_documents/:id/update',
  },
  deleteContractDocument: {
    method: 'DELETE',
    path: '/companies/:companyId/contracts/associated_documents/:id/delete',
  },

  updateEsScore: { method: 'PUT', path: '/locations/:id/updateEsScore' },
  addEsNote: { method: 'POST', path: '/companies/:companyId/energystar/addnote' },
  updateEsNote: { method: 'PUT', path: '/companies/:companyId/energystar/updateNote' },
  deleteEsNote: { method: 'DELETE', path: '/companies/:companyId/energystar/:id/deleteNote' },

  openAccounts: { method: 'POST', path: '/OpenAccounts' },
  closeAccounts: { method: 'POST', path: '/CloseAccounts' },
  changeOpenCloseStatus: { method: 'PUT', path: '/changeOpenCloseStatus' },
  updateOpenCloseAccount: { method: 'PUT', path: '/updateOpenCloseAccount' },
  addOpenCloseNote: { method: 'POST', path: '/AddAccountNotes' },

  saveReportFilter: { method: 'POST', path: '/companies/:companyId/reporting/saveReportFilter' },
  updateReportFilter: { method: 'PUT', path: '/companies/:companyId/reporting/:id' },
  deleteReportFilter: { method: 'DELETE', path: '/companies/:companyId/reporting/:id' },

  addTicketAttachment: { method: 'POST', path: '/companies/:companyId/company_support/temporary_attachment' },
  addTicket: { method: 'POST', path: '/companies/:companyId/company_support/ticket' },
  addTicketComment: { method: 'POST', path: '/companies/:companyId/company_support/comment' },
  cancelTicket: { method: 'POST', path: '/companies/:companyId/company_support/cancel_ticket' },
} as const satisfies Record<string, WriteRoute>;

/** The name of a synced write. */
export type SyncedWriteName = keyof typeof SYNCED_WRITES;

/** The `:name` parameters of a path. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a write's path needs, by name. */
export type WriteParams<Name extends SyncedWriteName> = Record<
  ParamNames<(typeof SYNCED_WRITES)[Name]['path']>,
  string | number
>;

/**
 * The URL of a write: its path with the parameters filled in (each URL-encoded) and the query, if any, after it.
 * Throws on a parameter the path does not name or lacks, which the types already rule out.
 */
export function writeUrl<Name extends SyncedWriteName>(
  name: Name,
  params: WriteParams<Name>,
  query: Readonly<Record<string, string>> = {},
): string {
  const given: Record<string, string | number> = params;
  const path = SYNCED_WRITES[name].path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = given[param];
    if (value === undefined) throw new Error(`${name} needs :${param}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(query).toString();
  return `/api${path}${search === '' ? '' : `?${search}`}`;
}
