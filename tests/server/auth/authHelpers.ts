// Helpers the auth tests share: the refresh cookie, mailed links and a signed-in session.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { call } from '../../helpers/testServer';
import type { CallResult, TestServer } from '../../helpers/testServer';

/** The Set-Cookie header of the refresh cookie in an answer, or undefined. */
export function refreshSetCookie(result: CallResult): string | undefined {
  return result.headers.getSetCookie().find((cookie) => cookie.startsWith('get_refresh='));
}

/** The refresh cookie's value set by an answer ('' when the answer clears it), or undefined. */
export function refreshCookieValue(result: CallResult): string | undefined {
  const header = refreshSetCookie(result);
  if (header === undefined) return undefined;
  return header.slice('get_refresh='.length).split(';')[0] ?? '';
}

/** Calls /api/refresh the way the browser does, with only the refresh cookie. */
export function refresh(server: TestServer, cookieValue?: string) {
  return call<{ accessToken?: string; error?: { code: string; message: string } }>(
    server,
    'POST',
    '/api/refresh',
    {
      headers: cookieValue === undefined ? {} : { cookie: `get_refresh=${cookieValue}` },
    },
  );
}

/** Signs in with a password; returns the access token and the refresh cookie value. */
export async function login(server: TestServer, email: string, password: string) {
  const result = await call<{ accessToken: string }>(server, 'POST', '/api/login', {
    body: { email, password },
  });
  if (result.status !== 200)
    throw new Error(`login failed with ${result.status}: ${JSON.stringify(result.body)}`);
  const cookie = refreshCookieValue(result);
  if (!cookie) throw new Error('login set no refresh cookie');
  return { accessToken: result.body.accessToken, cookie };
}

/** Undoes quoted-printable soft line breaks and escapes, which long lines get in the .eml files. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mails written to the data dir so far, decoded, oldest first. */
export function readMails(server: TestServer): string[] {
  const dir = join(server.config.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(readFileSync(join(dir, name), 'utf8')));
}

/**
 * Waits for a mail to a recipient (some are sent after the answer) and returns the token of its link;
 * `after` skips the mails that were already there.
 */
export async function linkTokenMailedTo(
  server: TestServer,
  to: string,
  page: 'register' | 'resetpassword',
  after = 0,
) {
  const pattern = new RegExp(`${server.config.publicUrl}/${page}/([0-9a-f-]{36})`);
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const mail of readMails(server).slice(after).reverse()) {
      const match = mail.includes(`To: ${to}`) ? pattern.exec(mail) : null;
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${page} mail to ${to}`);
}
