// SAML 2.0 single sign-on per client company (spec 000 §7: /ssologin/{clientId}, /ssoacs/{clientId}).
import { and, eq, gt, lte } from 'drizzle-orm';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { samlRequests, ssoClients } from '../db/schema';

/** One client's identity-provider settings. */
export type SsoClient = typeof ssoClients.$inferSelect;

/** How long an AuthnRequest id waits for its answer. */
const REQUEST_ID_TTL_MS = 10 * 60 * 1000;

/**
 * Remembers the ids of the AuthnRequests this server sent so an answer to one of them is accepted once (a replayed
 * SP-initiated response fails). Kept in the database, so the answer may reach any server process (docs §5).
 * Responses without InResponseTo (IdP-initiated) are still accepted; they rely on the signature and the assertion's
 * time window.
 */
export class RequestIdCache implements CacheProvider {
  constructor(private readonly db: Db) {}

  /** Drops the ids older than their time to live. */
  private async prune(): Promise<void> {
    await this.db.delete(samlRequests).where(lte(samlRequests.createdAt, expiredBefore()));
  }

  /** Stores a request id; null when it is already kept. */
  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    await this.prune();
    const createdAt = new Date();
    const [saved] = await this.db
      .insert(samlRequests)
      .values({ id: key, value, createdAt: createdAt.toISOString() })
      .onConflictDoNothing()
      .returning();
    return saved ? { value, createdAt: createdAt.getTime() } : null;
  }

  /** Reads a request id's value, or null when unknown or expired. */
  async getAsync(key: string): Promise<string | null> {
    const [row] = await this.db
      .select({ value: samlRequests.value })
      .from(samlRequests)
      .where(and(eq(samlRequests.id, key), gt(samlRequests.createdAt, expiredBefore())));
    return row?.value ?? null;
  }

  /** Forgets a request id: the first process to take it wins, so an answer is accepted once. */
  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    const [removed] = await this.db.delete(samlRequests).where(eq(samlRequests.id, key)).returning();
    return removed ? key : null;
  }
}

/** The creation time before which a request id has expired. */
function expiredBefore(): string {
  return new Date(Date.now() - REQUEST_ID_TTL_MS).toISOString();
}

/** The SSO client with this id, or null. */
export async function findSsoClient(db: Db, clientId: string): Promise<SsoClient | null> {
  const [row] = await db.select().from(ssoClients).where(eq(ssoClients.clientId, clientId));
  return row ?? null;
}

/** Where the IdP posts its answer for this client. */
export function acsUrl(config: ServerConfig, clientId: string): string {
  return `${config.publicUrl}/api/ssoacs/${encodeURIComponent(clientId)}`;
}

/** One certificate, or several PEM blocks in one column while an IdP rolls its signing key over. */
function idpCertsOf(column: string): string | string[] {
  const blocks = column.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g);
  return blocks && blocks.length > 1 ? blocks : column;
}

/** The node-saml service provider of one client. */
export function samlFor(config: ServerConfig, client: SsoClient, cache: CacheProvider): SAML {
  return new SAML({
    entryPoint: client.idpEntryPoint,
    issuer: client.issuer,
    audience: client.audience,
    callbackUrl: acsUrl(config, client.clientId),
    idpCert: idpCertsOf(client.idpCert),
    // IdPs differ in what they sign: the whole response or only the assertion. Either is enough,
    // because node-saml then reads the assertion only from the verified bytes; nothing unsigned passes.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: REQUEST_ID_TTL_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: 60_000,
    // The NameID is the user's email; ask for that format but accept what the IdP sends.
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
  });
}

/** The email a validated SAML profile names (NameID, or the usual email attributes), lower-cased. */
export function emailOfProfile(profile: Record<string, unknown>): string | null {
  for (const key of ['nameID', 'email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3']) {
    const value = profile[key];
    if (typeof value === 'string' && value.includes('@')) return value.trim().toLowerCase();
  }
  return null;
}
