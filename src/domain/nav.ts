// Who may open which area, for the client (sidebar, route guards, links between areas) and the server (the `area`
// of an API route, server/src/auth/access.ts): one table, so the two can never disagree (docs/architecture.md §5, §6).
import { mayReadBillPay } from './billPay';
import type { Roles } from './roles';

/** The company flags that decide which pages a user may open (spec 000 §3 and §6). */
export type NavCompany = {
  readonly id: number;
  readonly companyTypeId: number | null;
  readonly alertsAccess: boolean;
  readonly budgetsAccess: boolean;
  readonly apAccess: boolean;
  readonly billPayAccess: boolean;
  readonly openCloseAccess: boolean;
  readonly energyStarAccess: boolean;
  readonly companyHasSupportAccess: boolean;
  readonly archiveTableName?: string | null;
};

/** Everything navigation rules need: who the user is and which company they are working in. */
export type NavContext = { readonly roles: Roles; readonly company: NavCompany };

/**
 * How far a user may enter an area: not at all, fully, or only its read-only page (clients on alerts, docs/architecture.md
 * §6). The server lets 'readOnly' read, as the page does, and refuses its writes (canWriteArea).
 */
export type AreaAccess = 'closed' | 'open' | 'readOnly';

/** One area of the spec (first document §2, §5, §6). */
export interface AreaRule {
  /** Sidebar label, as the spec spells it. */
  readonly label: string;
  /** The client path of the area's sidebar entry, relative to the app root (`billdeliveries`). */
  readonly path: string;
  /** The read-only page of the area, where users with 'readOnly' access go (`alertsro`). */
  readonly readOnlyPath?: string;
  /** Served only under /companies/{compId} (the Users page): consultants only. */
  readonly isConsultantOnly?: boolean;
  /** Who may open the area (spec 000 §5 guards and §6 roles), from roles and company flags alone. */
  readonly access: (ctx: NavContext) => AreaAccess;
}

/** A company of type 2 is an accounts-payable client, which gets Bill Pay without the flag (spec 000 §6). */
export const AP_CLIENT_COMPANY_TYPE_ID = 2;

/** Whether the company has Bill Pay: its flag, or being an accounts-payable client (spec 000 §6). */
function hasBillPay(company: NavCompany): boolean {
  return company.billPayAccess || company.companyTypeId === AP_CLIENT_COMPANY_TYPE_ID;
}

/** Whether the company has an archive: a table name that is not blank (spec 000 §6). */
function hasArchive(company: NavCompany): boolean {
  return (company.archiveTableName ?? '').trim() !== '';
}

const openIf = (isOpen: boolean): AreaAccess => (isOpen ? 'open' : 'closed');
const always = (): AreaAccess => 'open';
// Limited clients never see Alerts, Contracts, Budgets, Bill Pay, Reports or Open/Close (spec 000 §6).
const notLimited = ({ roles }: NavContext): AreaAccess => openIf(!roles.isLimitedClient);

/**
 * The spec's areas in its sidebar order (first document §2), keyed by the area's stable key, which is also the
 * name of its folder under src/features and the `area` of the server routes it guards. Consultants always see
 * Alerts, Budgets, AP, Bill Pay and Invite User (spec 000 §6, docs/architecture.md §6), so the flags never keep them out.
 * Invite User for clients is admin-only: the spec names only consultants, and letting every client invite users
 * would let ordinary staff grow the company's user list.
 */
export const AREAS = {
  locations: { label: 'Locations', path: 'locations', access: always },
  accounts: { label: 'Accounts', path: 'accounts', access: always },
  bills: { label: 'Bills', path: 'bills', access: always },
  alerts: {
    label: 'Alerts',
    path: 'alerts',
    readOnlyPath: 'alertsro',
    access: ({ roles, company }) => {
      if (roles.isConsultant) return 'open';
      return !roles.isLimitedClient && company.alertsAccess ? 'readOnly' : 'closed';
    },
  },
  contracts: { label: 'Contracts', path: 'contracts', access: notLimited },
  budgets: {
    label: 'Budgets',
    path: 'budgets',
    access: ({ roles, company }) =>
      openIf(roles.isConsultant || (!roles.isLimitedClient && company.budgetsAccess)),
  },
  billdeliveries: {
    label: 'AP',
    path: 'billdeliveries',
    access: ({ roles, company }) => openIf(roles.isConsultant || company.apAccess),
  },
  billpay: {
    label: 'Bill Pay',
    path: 'billpay',
    access: ({ roles, company }) =>
      openIf(mayReadBillPay(roles) && (roles.isConsultant || hasBillPay(company))),
  },
  reports: { label: 'Reports', path: 'reports', access: notLimited },
  opencloseaccounts: {
    label: 'Open/Close Accounts',
    path: 'opencloseaccounts',
    access: ({ roles, company }) => openIf(!roles.isLimitedClient && company.openCloseAccess),
  },
  // Also the rule of the site Energy Star page (spec 000 §5: "Energy Star pages need energyStarAccess").
  companyEnergyStar: {
    label: 'Company Energy Star',
    path: 'companyEnergyStar',
    access: ({ company }) => openIf(company.energyStarAccess),
  },
  tickets: {
    label: 'Company Support',
    path: 'tickets',
    access: ({ company }) => openIf(company.companyHasSupportAccess),
  },
  contacts: { label: 'Contacts', path: 'contacts', access: always },
  users: {
    label: 'Users',
    path: 'users',
    isConsultantOnly: true,
    access: ({ roles }) => openIf(roles.isSuperConsultant),
  },
  inviteuser: {
    label: 'Invite User',
    path: 'inviteuser',
    access: ({ roles }) => openIf(roles.isConsultant || roles.isAdmin),
  },
  archivedata: {
    label: 'Archives',
    path: 'archivedata',
    access: ({ company }) => openIf(hasArchive(company)),
  },
  // Not in the spec (docs/architecture.md §14 Imports): bringing a client's bills in is the work of its consultants
  // and admins, as inviting users is; the batches and their undo are theirs too.
  imports: {
    label: 'Imports',
    path: 'imports',
    access: ({ roles }) => openIf(roles.isConsultant || roles.isAdmin),
  },
} satisfies Record<string, AreaRule>;

/** The stable key of an area. */
export type AreaKey = keyof typeof AREAS;

/** Every area key, in the spec's sidebar order (object keys keep their insertion order). */
export const AREA_KEYS = Object.keys(AREAS) as AreaKey[];

/** Whether `key` names an area. */
export function isAreaKey(key: string): key is AreaKey {
  return Object.hasOwn(AREAS, key);
}

/** The rule of one area. */
export function areaRule(key: AreaKey): AreaRule {
  return AREAS[key];
}

/** How far the user may enter an area; consultant-only areas are closed to clients whatever the rule says. */
export function areaAccess(key: AreaKey, ctx: NavContext): AreaAccess {
  const rule = areaRule(key);
  if (rule.isConsultantOnly && !ctx.roles.isConsultant) return 'closed';
  return rule.access(ctx);
}

/** Whether the user may open (or read) an area: its sidebar entry shows and the server answers its calls. */
export function canOpenArea(key: AreaKey, ctx: NavContext): boolean {
  return areaAccess(key, ctx) !== 'closed';
}

/** Whether the user may change an area's data: full access only ('readOnly' reads, as on `/alertsro`). */
export function canWriteArea(key: AreaKey, ctx: NavContext): boolean {
  return areaAccess(key, ctx) === 'open';
}

/** Home leads the sidebar; it is a landing, not an area: the client's home page or the consultant's client list. */
export const HOME_LABEL = 'Home';

/** Stable identifiers of sidebar entries: Home and the areas. */
export type SidebarKey = 'home' | AreaKey;

/** A visible sidebar link. */
export type SidebarEntry = { readonly key: SidebarKey; readonly label: string; readonly path: string };

/** Landing page after login and target of the root path and the 404 Home button (spec 000 §2). */
export function landingPath(roles: Roles): string {
  return roles.isConsultant ? '/consultant' : '/home';
}

/** The consultant twin prefix of a company's routes (spec 000 §2). */
function companyPrefix(companyId: number | string): string {
  return `/companies/${companyId}`;
}

// Consultants work inside a company through its twin routes; their Home is the client list (docs/architecture.md §6).
function pagePath(key: AreaKey, access: AreaAccess, ctx: NavContext, companyId?: number | string): string {
  const rule = areaRule(key);
  const page = access === 'readOnly' ? (rule.readOnlyPath ?? rule.path) : rule.path;
  return ctx.roles.isConsultant ? `${companyPrefix(companyId ?? ctx.company.id)}/${page}` : `/${page}`;
}

/** Sidebar links the user may see, in spec order (never reordered), with consultant paths scoped to the company. */
export function sidebarEntries(ctx: NavContext): SidebarEntry[] {
  const home: SidebarEntry = { key: 'home', label: HOME_LABEL, path: landingPath(ctx.roles) };
  const areas = AREA_KEYS.flatMap((key): SidebarEntry[] => {
    const access = areaAccess(key, ctx);
    return access === 'closed' ? [] : [{ key, label: AREAS[key].label, path: pagePath(key, access, ctx) }];
  });
  return [home, ...areas];
}

/** The page being opened, as the router matched it. */
export interface GuardTarget {
  /** The area whose rule guards the page (the site Energy Star page is guarded by `companyEnergyStar`). */
  readonly area: AreaKey;
  /** The page's path pattern relative to the app root (`alertsro`, `locations/:id`). */
  readonly page: string;
  /** The company of a consultant twin path (`/companies/{compId}/...`), when the path names one. */
  readonly companyId?: string | number | null;
}

/** What a guard decides: let in, send to locations, or send to the area's other alerts page. */
export type GuardOutcome = 'allow' | 'deny' | 'readOnlyPage' | 'editablePage';

/** The guard of spec 000 §5 for one page, from its area's rule (docs/architecture.md §6: on every navigation). */
export function guardOutcome(target: GuardTarget, ctx: NavContext): GuardOutcome {
  const rule = areaRule(target.area);
  const access = areaAccess(target.area, ctx);
  if (access === 'closed') return 'deny';
  if (rule.readOnlyPath === undefined) return 'allow';
  // A consultant who types /alertsro is sent to the editable page: docs/architecture.md §6 gives consultants the editable
  // page, and one alerts page per role keeps links and breadcrumbs unambiguous.
  const isReadOnlyPage = target.page === rule.readOnlyPath;
  if (access === 'readOnly' && !isReadOnlyPage) return 'readOnlyPage';
  if (access === 'open' && isReadOnlyPage) return 'editablePage';
  return 'allow';
}

/** Where failing guards send the user (spec 000 §5): the locations page, in the company for consultants. */
const DENIED_AREA: AreaKey = 'locations';

/** Where to send the user instead of the target page, or null when the guards of spec 000 §5 let them in. */
export function guardRedirect(target: GuardTarget | null, ctx: NavContext): string | null {
  if (target === null) return null;
  const companyId = target.companyId ?? undefined;
  switch (guardOutcome(target, ctx)) {
    case 'allow':
      return null;
    case 'deny':
      return pagePath(DENIED_AREA, 'open', ctx, companyId);
    case 'readOnlyPage':
      return pagePath(target.area, 'readOnly', ctx, companyId);
    case 'editablePage':
      return pagePath(target.area, 'open', ctx, companyId);
  }
}
