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

/** Sidebar labels in the spec's order (spec 000 §2); the sidebar never reorders them. */
export const SIDEBAR_LABELS = [
  'Home',
  'Locations',
  'Accounts',
  'Bills',
  'Alerts',
  'Contracts',
  'Budgets',
  'AP',
  'Bill Pay',
  'Reports',
  'Open/Close Accounts',
  'Company Energy Star',
  'Company Support',
  'Contacts',
  'Users',
  'Invite User',
  'Archives',
] as const;

/** One sidebar label, as the spec spells it. */
export type SidebarLabel = (typeof SIDEBAR_LABELS)[number];

/** Stable identifiers of sidebar entries, used for icons and tests instead of labels. */
export type SidebarKey =
  | 'home'
  | 'locations'
  | 'accounts'
  | 'bills'
  | 'alerts'
  | 'contracts'
  | 'budgets'
  | 'ap'
  | 'billpay'
  | 'reports'
  | 'opencloseaccounts'
  | 'companyEnergyStar'
  | 'tickets'
  | 'contacts'
  | 'users'
  | 'inviteuser'
  | 'archivedata';

/** A visible sidebar link. */
export type SidebarEntry = { readonly key: SidebarKey; readonly label: SidebarLabel; readonly path: string };

/** A company of type 2 is an accounts-payable client, which gets Bill Pay without the flag (spec 000 §6). */
export const AP_CLIENT_COMPANY_TYPE_ID = 2;

/** Landing page after login and target of the root path and the 404 Home button (spec 000 §2). */
export function landingPath(roles: Roles): string {
  return roles.isConsultant ? '/consultant' : '/home';
}

function hasBillPay(company: NavCompany): boolean {
  return company.billPayAccess || company.companyTypeId === AP_CLIENT_COMPANY_TYPE_ID;
}

function hasArchive(company: NavCompany): boolean {
  return (company.archiveTableName ?? '').trim() !== '';
}

// Consultants always see Alerts, Budgets, AP, Bill Pay and Invite User (spec 000 §6, DESIGN §6);
// limited clients never see Alerts, Contracts, Budgets, Bill Pay, Reports or Open/Close.
// Invite User for clients is admin-only: the spec names only consultants, and letting every
// client invite users would let ordinary staff grow the company's user list.
type EntryRule = {
  readonly key: SidebarKey;
  readonly label: SidebarLabel;
  readonly route: string;
  readonly visible: (ctx: NavContext) => boolean;
};

const always = (): boolean => true;
const notLimited = ({ roles }: NavContext): boolean => !roles.isLimitedClient;

const ENTRY_RULES: readonly EntryRule[] = [
  { key: 'home', label: 'Home', route: '/home', visible: always },
  { key: 'locations', label: 'Locations', route: '/locations', visible: always },
  { key: 'accounts', label: 'Accounts', route: '/accounts', visible: always },
  { key: 'bills', label: 'Bills', route: '/bills', visible: always },
  {
    key: 'alerts',
    label: 'Alerts',
    route: '/alerts',
    visible: ({ roles, company }) => roles.isConsultant || (!roles.isLimitedClient && company.alertsAccess),
  },
  { key: 'contracts', label: 'Contracts', route: '/contracts', visible: notLimited },
  {
    key: 'budgets',
    label: 'Budgets',
    route: '/budgets',
    visible: ({ roles, company }) => roles.isConsultant || (!roles.isLimitedClient && company.budgetsAccess),
  },
  {
    key: 'ap',
    label: 'AP',
    route: '/billdeliveries',
    visible: ({ roles, company }) => roles.isConsultant || company.apAccess,
  },
  {
    key: 'billpay',
    label: 'Bill Pay',
    route: '/billpay',
    visible: ({ roles, company }) => roles.isConsultant || (!roles.isLimitedClient && hasBillPay(company)),
  },
  { key: 'reports', label: 'Reports', route: '/reports', visible: notLimited },
  {
    key: 'opencloseaccounts',
    label: 'Open/Close Accounts',
    route: '/opencloseaccounts',
    visible: ({ roles, company }) => !roles.isLimitedClient && company.openCloseAccess,
  },
  {
    key: 'companyEnergyStar',
    label: 'Company Energy Star',
    route: '/companyEnergyStar',
    visible: ({ company }) => company.energyStarAccess,
  },
  {
    key: 'tickets',
    label: 'Company Support',
    route: '/tickets',
    visible: ({ company }) => company.companyHasSupportAccess,
  },
  { key: 'contacts', label: 'Contacts', route: '/contacts', visible: always },
  { key: 'users', label: 'Users', route: '/users', visible: ({ roles }) => roles.isSuperConsultant },
  {
    key: 'inviteuser',
    label: 'Invite User',
    route: '/inviteuser',
    visible: ({ roles }) => roles.isConsultant || roles.isAdmin,
  },
  {
    key: 'archivedata',
    label: 'Archives',
    route: '/archivedata',
    visible: ({ company }) => hasArchive(company),
  },
];

function companyPrefix(companyId: number | string): string {
  return `/companies/${companyId}`;
}

// Consultants work inside a company through its twin routes; their Home is the client list,
// and clients get the read-only alerts page (DESIGN §6).
function entryPath(rule: EntryRule, ctx: NavContext): string {
  if (!ctx.roles.isConsultant) return rule.key === 'alerts' ? '/alertsro' : rule.route;
  if (rule.key === 'home') return landingPath(ctx.roles);
  return `${companyPrefix(ctx.company.id)}${rule.route}`;
}

/** Sidebar links the user may see, in spec order, with consultant paths scoped to the company. */
export function sidebarEntries(ctx: NavContext): SidebarEntry[] {
  return ENTRY_RULES.filter((rule) => rule.visible(ctx)).map((rule) => ({
    key: rule.key,
    label: rule.label,
    path: entryPath(rule, ctx),
  }));
}

type ParsedPath = { readonly companyId: string | null; readonly segments: readonly string[] };

// Query and hash never affect which page is shown, and the router matches case-insensitively.
function parsePath(path: string): ParsedPath {
  const pathname = path.replace(/[?#].*$/s, '');
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first, id, ...rest] = segments;
  if (first?.toLowerCase() === 'companies' && id !== undefined) {
    return { companyId: id, segments: rest.map((s) => s.toLowerCase()) };
  }
  return { companyId: null, segments: segments.map((s) => s.toLowerCase()) };
}

type GuardOutcome = 'allow' | 'deny' | 'readOnlyAlerts' | 'editableAlerts';

const allowIf = (ok: boolean): GuardOutcome => (ok ? 'allow' : 'deny');

// Spec 000 §5 guards, applied on every navigation (DESIGN §6). Consultants are exempt from the
// flag checks of Alerts, Budgets, AP and Bill Pay because the spec says they always see them.
function guard(segments: readonly string[], ctx: NavContext): GuardOutcome {
  const { roles, company } = ctx;
  const [first, , third] = segments;
  if (first === 'locations' && third === 'energystar') return allowIf(company.energyStarAccess);
  switch (first) {
    case 'reports':
    case 'contracts':
      return allowIf(!roles.isLimitedClient);
    case 'billdeliveries':
      return allowIf(roles.isConsultant || company.apAccess);
    case 'companyenergystar':
      return allowIf(company.energyStarAccess);
    case 'billpay':
      return allowIf(roles.isConsultant || (!roles.isLimitedClient && hasBillPay(company)));
    case 'budgets':
      return allowIf(roles.isConsultant || (!roles.isLimitedClient && company.budgetsAccess));
    case 'alerts':
    case 'alertsro':
      return alertsGuard(first, ctx);
    case 'opencloseaccounts':
      return allowIf(!roles.isLimitedClient && company.openCloseAccess);
    case 'tickets':
      return allowIf(company.companyHasSupportAccess);
    case 'users':
      return allowIf(roles.isSuperConsultant);
    case 'inviteuser':
      return allowIf(roles.isConsultant || roles.isAdmin);
    default:
      return 'allow';
  }
}

// A consultant who types /alertsro is sent to the editable twin: DESIGN §6 gives consultants the
// editable page, and one alerts page per role keeps links and breadcrumbs unambiguous.
function alertsGuard(page: 'alerts' | 'alertsro', { roles, company }: NavContext): GuardOutcome {
  if (roles.isConsultant) return page === 'alertsro' ? 'editableAlerts' : 'allow';
  if (roles.isLimitedClient || !company.alertsAccess) return 'deny';
  return page === 'alerts' ? 'readOnlyAlerts' : 'allow';
}

/** Where to send the user instead of `path`, or null when the route guards of spec 000 §5 let them in. */
export function guardRedirect(path: string, ctx: NavContext): string | null {
  const { companyId, segments } = parsePath(path);
  const prefix = ctx.roles.isConsultant ? companyPrefix(companyId ?? ctx.company.id) : '';
  switch (guard(segments, ctx)) {
    case 'allow':
      return null;
    case 'deny':
      return `${prefix}/locations`;
    case 'readOnlyAlerts':
      return '/alertsro';
    case 'editableAlerts':
      return `${prefix}/alerts`;
  }
}
