// Contacts (spec 000 §2 /contacts, §3 Company profile): who to call and write to, as links, and who may see the
// company's users. The change feed serves the users list only to the viewers this rule admits
// (server/src/sync/entities.ts), and the page asks the same rule, so client and server agree.
import type { Roles } from './roles';

/** The consultancy's support mailbox: the Contacts page and the top bar's "Contact Support" link. */
export const SUPPORT_EMAIL = 'support@getenergy.example';

/** Whether a viewer may see the company's users (names, emails, roles): admins and consultants. */
export function canSeeCompanyUsers(roles: Roles): boolean {
  return roles.isAdmin || roles.isConsultant;
}

/**
 * A `tel:` link for a phone number as people write it ('(512) 555-0142'): its digits, with +1 for a ten-digit North
 * American number, as RFC 3966 wants global numbers; null when it has no digits.
 */
export function telHref(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim();
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  if (text.startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

/** A `mailto:` link for an address, or null when the text is not one address (no header can be smuggled in). */
export function mailtoHref(email: string | null | undefined, subject?: string): string | null {
  const address = (email ?? '').trim();
  if (!EMAIL.test(address)) return null;
  return `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

// The spec's roles from most to least privileged (spec 000 §6); a user's list is shown in this order.
const ROLE_ORDER = ['super consultant', 'consultant', 'admin', 'client', 'limited client'];

/** A user's roles as one text, most privileged first ('Client, Admin' reads 'Admin, Client'). */
export function rolesText(roles: readonly string[]): string {
  const rank = (role: string) => {
    const index = ROLE_ORDER.indexOf(role.trim().toLowerCase());
    return index < 0 ? ROLE_ORDER.length : index;
  };
  return [...new Set(roles.map((role) => role.trim()).filter((role) => role !== ''))]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .join(', ');
}
