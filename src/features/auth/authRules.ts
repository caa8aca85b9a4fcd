/** Shown instead of sending when the browser has no network. */
export const OFFLINE_SIGN_IN = 'You are offline. Signing in needs a network connection.';

/** Field messages of the sign-in forms (worded like the server's, without a final period). */
export const MESSAGES = {
  emailInvalid: 'Enter a valid email address',
  passwordsDiffer: 'Passwords do not match',
  codeInvalid: 'Enter the 6-digit code from your authenticator app',
  required: (label: string) => `${label} is required`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A plausible email address; the server has the final word. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Whether the browser says it has a network (a missing navigator counts as online). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** A string member of `location.state`, if there is one. */
export function stateString(state: unknown, key: string): string | undefined {
  const value: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, key) : undefined;
  return typeof value === 'string' ? value : undefined;
}
