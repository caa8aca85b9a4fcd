// The fields of an open/close account request (spec 001 §3 Open/close account, §7 OpenAccounts, CloseAccounts,
// updateOpenCloseAccount, AddAccountNotes). The spec shows no form rule; these are the product's decisions
// (docs/architecture.md §14). The server answers 400 with the same problems the device shows before queueing.
import type { Checked, FieldProblems } from './meters';
import { cleanedText } from './meters';
import { SERVICE_TYPES, findServiceType, serviceLabel } from './serviceTypes';

/** Most services one request may name (a new store opens a handful). */
export const OPEN_CLOSE_MAX_SERVICES = 20;
/** Longest contact name kept. */
export const CONTACT_NAME_MAX = 100;
/** Longest email kept (RFC 5321's path limit). */
export const CONTACT_EMAIL_MAX = 254;
/** Longest note kept. */
export const OPEN_CLOSE_NOTE_MAX = 2000;

/** Requests are dated within this century: a typo such as 0202 or 20255 is caught. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';

/** Services that are not a utility account of their own, so no request opens or closes them. */
const NOT_REQUESTABLE: ReadonlySet<string> = new Set(['taxes_fees', 'account']);

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ().-]{7,25}$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar day `YYYY-MM-DD` within the century requests are dated in. */
export function isRequestDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match || text < FIRST_DAY || text > LAST_DAY) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Whether a service type may be named by a request (a known utility service). */
export function isRequestableService(serviceType: string): boolean {
  const type = findServiceType(serviceType);
  return type !== undefined && type.value === serviceType && !NOT_REQUESTABLE.has(type.value);
}

/** An account of the request's site, as the close rule reads it. */
export interface SiteAccount {
  id: string;
  accountNumber: string;
  /** Comma list of service types, e.g. 'electric,water'. */
  services: string;
  isActive: boolean;
}

/** One service a request names: its type and, for a closing, the account that carries it. */
export interface RequestedService {
  serviceType: string;
  accountId: string | null;
}

/** A choice of the form's service step. */
export interface ServiceChoice extends RequestedService {
  /** 'Electricity' or 'Electricity — account 4410-22'. */
  label: string;
}

function servicesOf(account: SiteAccount): string[] {
  return account.services
    .split(',')
    .map((service) => service.trim())
    .filter((service) => service !== '');
}

/**
 * What a request may name. Opening: every utility service (the site may have no account yet). Closing: each
 * service of each active account at the site, with its account, since a closing ends a known account.
 */
export function serviceChoices(isOpen: boolean, siteAccounts: readonly SiteAccount[]): ServiceChoice[] {
  if (isOpen) {
    return SERVICE_TYPES.filter((type) => isRequestableService(type.value)).map((type) => ({
      serviceType: type.value,
      accountId: null,
      label: type.label,
    }));
  }
  return siteAccounts
    .filter((account) => account.isActive)
    .flatMap((account) =>
      servicesOf(account)
        .filter(isRequestableService)
        .map((serviceType) => ({
          serviceType,
          accountId: account.id,
          label: `${serviceLabel(serviceType)} — account ${account.accountNumber}`,
        })),
    );
}

/** The dates and contact of a request, as the form holds them (blank = none). */
export interface OpenCloseDetailsInput {
  turnoverDate: string;
  storeOpenDate: string;
  storeCloseDate: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

/** The dates and contact as stored. */
export interface OpenCloseDetails {
  turnoverDate: string;
  storeOpenDate: string | null;
  storeCloseDate: string | null;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
}

/** A field of the request form that can have a problem. */
export type OpenCloseField = keyof OpenCloseDetailsInput | 'locationId' | 'services';

function checkDay(
  problems: FieldProblems<OpenCloseField>,
  field: 'turnoverDate' | 'storeOpenDate' | 'storeCloseDate',
  value: string | null,
  isRequired: boolean,
): string | null {
  if (value === null) {
    if (isRequired) problems[field] = 'is required';
    return null;
  }
  if (!isRequestDay(value)) {
    problems[field] = 'must be a date between 01/01/2000 and 12/31/2099';
    return null;
  }
  return value;
}

/**
 * Checks the dates and contact of an opening (`isOpen`) or closing. An opening needs the store's opening day and
 * the turnover (the day the premises are handed over, on or before the opening); a closing needs the store's
 * closing day and the turnover (the day the premises are handed back, on or after the closing). The contact needs
 * a name and a phone or an email, each well formed.
 */
export function checkOpenCloseDetails(
  isOpen: boolean,
  input: OpenCloseDetailsInput,
): Checked<OpenCloseDetails, OpenCloseField> {
  const problems: FieldProblems<OpenCloseField> = {};
  const turnover = checkDay(problems, 'turnoverDate', cleanedText(input.turnoverDate), true);
  const openDay = checkDay(problems, 'storeOpenDate', cleanedText(input.storeOpenDate), isOpen);
  const closeDay = checkDay(problems, 'storeCloseDate', cleanedText(input.storeCloseDate), !isOpen);
  if (isOpen && closeDay !== null) problems.storeCloseDate = 'is only for a closing request';
  if (!isOpen && openDay !== null) problems.storeOpenDate = 'is only for an opening request';
  if (turnover !== null && isOpen && openDay !== null && turnover > openDay)
    problems.turnoverDate = 'must be on or before the store open date';
  if (turnover !== null && !isOpen && closeDay !== null && turnover < closeDay)
    problems.turnoverDate = 'must be on or after the store close date';

  const contactName = cleanedText(input.contactName);
  const contactPhone = cleanedText(input.contactPhone);
  const contactEmail = cleanedText(input.contactEmail);
  if (contactName === null) problems.contactName = 'is required';
  else if (contactName.length > CONTACT_NAME_MAX)
    problems.contactName = `must be at most ${CONTACT_NAME_MAX} characters`;
  if (contactPhone !== null && !(PHONE.test(contactPhone) && contactPhone.replace(/\D/g, '').length >= 7))
    problems.contactPhone = 'must be a phone number of at least 7 digits';
  if (contactEmail !== null && (contactEmail.length > CONTACT_EMAIL_MAX || !EMAIL.test(contactEmail)))
    problems.contactEmail = 'must be an email address such as name@example.com';
  if (contactPhone === null && contactEmail === null) problems.contactPhone = 'or an email is required';

  if (Object.keys(problems).length > 0 || turnover === null || contactName === null)
    return { ok: false, problems };
  return {
    ok: true,
    values: {
      turnoverDate: turnover,
      storeOpenDate: isOpen ? openDay : null,
      storeCloseDate: isOpen ? null : closeDay,
      contactName,
      contactPhone,
      contactEmail,
    },
  };
}

/** Why the services of a new request are not valid, or null when they are. */
export function servicesProblem(
  isOpen: boolean,
  services: readonly RequestedService[],
  siteAccounts: readonly SiteAccount[],
): string | null {
  if (services.length === 0) return 'must include at least one service';
  if (services.length > OPEN_CLOSE_MAX_SERVICES)
    return `must name at most ${OPEN_CLOSE_MAX_SERVICES} services`;
  const allowed = new Set(
    serviceChoices(isOpen, siteAccounts).map((choice) => `${choice.serviceType}|${choice.accountId ?? ''}`),
  );
  const seen = new Set<string>();
  for (const service of services) {
    const key = `${service.serviceType}|${service.accountId ?? ''}`;
    if (seen.has(key)) return `names ${serviceLabel(service.serviceType)} twice`;
    seen.add(key);
    if (allowed.has(key)) continue;
    if (!isRequestableService(service.serviceType)) return `${service.serviceType} is not a utility service`;
    return isOpen
      ? 'an opening request names services only, not accounts'
      : `${serviceLabel(service.serviceType)} is not a service of an active account at this site`;
  }
  return null;
}

/** A new request as the form holds it. */
export interface NewOpenCloseInput extends OpenCloseDetailsInput {
  locationId: string;
  services: readonly RequestedService[];
}

/** A new request as stored: one request per service, sharing site, dates and contact. */
export interface NewOpenCloseValues extends OpenCloseDetails {
  locationId: string;
  services: RequestedService[];
}

/**
 * Checks a new opening or closing at a site: a site, its services (for a closing, each an active account's service
 * at that site: `siteAccounts` are the site's accounts), the dates in order and the contact.
 */
export function checkNewOpenCloseRequest(
  isOpen: boolean,
  input: NewOpenCloseInput,
  siteAccounts: readonly SiteAccount[],
): Checked<NewOpenCloseValues, OpenCloseField> {
  const details = checkOpenCloseDetails(isOpen, input);
  const problems: FieldProblems<OpenCloseField> = details.ok ? {} : { ...details.problems };
  if (input.locationId.trim() === '') problems.locationId = 'is required';
  const serviceProblem = servicesProblem(isOpen, input.services, siteAccounts);
  if (serviceProblem) problems.services = serviceProblem;
  if (!details.ok || Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    values: {
      ...details.values,
      locationId: input.locationId,
      services: input.services.map(({ serviceType, accountId }) => ({ serviceType, accountId })),
    },
  };
}

/** Why a note cannot be added, or null: it must have text, at most OPEN_CLOSE_NOTE_MAX characters. */
export function noteProblem(note: string): string | null {
  const text = note.trim();
  if (text === '') return 'must not be blank';
  return text.length > OPEN_CLOSE_NOTE_MAX ? `must be at most ${OPEN_CLOSE_NOTE_MAX} characters` : null;
}
