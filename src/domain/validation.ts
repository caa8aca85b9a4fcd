// Input rules of spec 000 §5 shared by registration, reset and chat.

/** Shortest password the rule allows. */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest password the rule allows. */
export const PASSWORD_MAX_LENGTH = 15;

/** Tooltip text next to password fields, worded as the spec gives it. */
export const PASSWORD_RULE_TEXT =
  'Password must be between 8 and 15 characters and contain at least one number, letter, and special character';

const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&])[A-Za-z\d@$!%*#?&]{8,15}$/;

/** The same rule on client and server: 8–15 of letters, digits and @$!%*#?&, one of each kind. */
export function isValidPassword(pw: string): boolean {
  return PASSWORD.test(pw);
}

/** Empty or whitespace-only chat messages are never sent. */
export function isBlankMessage(text: string): boolean {
  return text.trim() === '';
}
