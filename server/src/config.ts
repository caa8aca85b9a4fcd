import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where refreshed ENERGY STAR figures come from (server/src/energyStar, docs/architecture.md §14). */
export type EnergyStarConfig =
  | { provider: 'embedded' }
  | { provider: 'portfolio-manager'; url: string; username: string; password: string };

/** The live Portfolio Manager web services; the test environment is `.../wstest`. */
export const PORTFOLIO_MANAGER_URL = 'https://portfoliomanager.energystar.gov/ws';

/** Everything the server reads from its environment, with safe defaults. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Embedded database, generated secret and mail files live here. */
  dataDir: string;
  /** Uploaded and generated files (docs/architecture.md §15): `FILES_DIR`, else `{dataDir}/files`. */
  filesDir: string;
  jwtSecret: Uint8Array;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** The server issues access tokens for 10 minutes; tests shorten it. */
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A change-feed cursor older than this many days of tombstones answers 410. */
  tombstoneRetentionDays: number;
  spaDir: string;
  /** Cookies get `Secure` when the public URL is HTTPS. */
  secureCookies: boolean;
  logLevel: string;
  /** Multiplies the auth rate limits (1 in production; browser tests that sign in often raise it). */
  rateLimitScale: number;
  /** WEB_CONCURRENCY: server processes on the port; 0 = one per core with PostgreSQL, one with PGlite (docs §5). */
  webConcurrency: number;
  /** FEED_CACHE_MB: memory each process gives to cached full-pull pages (docs §4 "Cached pages"). */
  feedCacheMb: number;
  /**
   * The bill payment portal the Bill Pay page signs users on to (`PAYMENT_PORTAL_URL` and
   * `PAYMENT_PORTAL_SECRET`, both or neither); absent, the sign-on answers 404 and the page shows no button.
   */
  paymentPortal?: { url: string; secret: Uint8Array };
  energyStar: EnergyStarConfig;
  /**
   * An OpenAI-compatible server whose model plans GET AI's answers (`LLM_BASE_URL`, `LLM_MODEL`, `LLM_API_KEY`);
   * absent, the embedded planner answers alone (docs/architecture.md §14 GET AI).
   */
  assistantModel?: AssistantModelConfig;
  /**
   * NOAA NCEI's Access Data Service, asked for GHCN-Daily temperatures of the stations serving the sites
   * (`WEATHER_SOURCE=noaa`, `WEATHER_NCEI_URL` to point elsewhere); absent, only the bundled temperatures are used
   * (server/src/weather).
   */
  weatherNcei?: { url: string; timeoutMs: number };
}

/** NCEI's Access Data Service v1 (https://www.ncei.noaa.gov/support/access-data-service-api-user-documentation). */
export const NCEI_ACCESS_DATA_URL = 'https://www.ncei.noaa.gov/access/services/data/v1';

function weatherNceiFrom(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'weatherNcei'> {
  const source = env.WEATHER_SOURCE || 'bundled';
  if (source === 'bundled') return {};
  if (source !== 'noaa') throw new Error(`WEATHER_SOURCE must be "bundled" or "noaa", got "${source}"`);
  const url = env.WEATHER_NCEI_URL || NCEI_ACCESS_DATA_URL;
  if (!/^https?:\/\//.test(url)) throw new Error(`WEATHER_NCEI_URL must be an http(s) URL, got "${url}"`);
  return {
    weatherNcei: { url, timeoutMs: intFrom(env.WEATHER_NCEI_TIMEOUT_MS, 15_000, 'WEATHER_NCEI_TIMEOUT_MS') },
  };
}

/** The model GET AI may ask to choose its tools. */
export interface AssistantModelConfig {
  /** Up to the API version, e.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is added. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  /** A model that has not answered by then is given up on, and the embedded planner answers. */
  timeoutMs: number;
}

function assistantModelFrom(env: NodeJS.ProcessEnv): AssistantModelConfig | undefined {
  if (!env.LLM_BASE_URL) return undefined;
  if (!env.LLM_MODEL) throw new Error('LLM_MODEL must name the model when LLM_BASE_URL is set');
  return {
    baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
    model: env.LLM_MODEL,
    apiKey: env.LLM_API_KEY || undefined,
    timeoutMs: intFrom(env.LLM_TIMEOUT_MS, 20_000, 'LLM_TIMEOUT_MS'),
  };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads JWT_SECRET, or keeps a generated one in the data dir so tokens survive restarts. */
function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** ENERGY_STAR_PROVIDER and, for Portfolio Manager, its address and account; a half-configured provider fails start. */
function energyStarFrom(env: NodeJS.ProcessEnv): EnergyStarConfig {
  const provider = env.ENERGY_STAR_PROVIDER || 'embedded';
  if (provider === 'embedded') return { provider };
  if (provider !== 'portfolio-manager')
    throw new Error(`ENERGY_STAR_PROVIDER must be "embedded" or "portfolio-manager", got "${provider}"`);
  const username = env.ENERGY_STAR_PM_USERNAME ?? '';
  const password = env.ENERGY_STAR_PM_PASSWORD ?? '';
  if (!username || !password)
    throw new Error(
      'ENERGY_STAR_PROVIDER=portfolio-manager needs ENERGY_STAR_PM_USERNAME and ENERGY_STAR_PM_PASSWORD',
    );
  const url = (env.ENERGY_STAR_PM_URL || PORTFOLIO_MANAGER_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new Error(`ENERGY_STAR_PM_URL must be an http(s) URL, got "${url}"`);
  return { provider, url, username, password };
}

/** Builds the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const host = env.HOST || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR || 'data');
  const publicUrl = env.PUBLIC_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    filesDir: env.FILES_DIR ? resolve(env.FILES_DIR) : join(dataDir, 'files'),
    jwtSecret: jwtSecretFrom(env, dataDir),
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    accessTokenTtlSeconds: intFrom(env.ACCESS_TOKEN_TTL_SECONDS, 600, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlDays: intFrom(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS'),
    tombstoneRetentionDays: intFrom(env.TOMBSTONE_RETENTION_DAYS, 90, 'TOMBSTONE_RETENTION_DAYS'),
    spaDir: resolve(env.SPA_DIR || 'dist'),
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitScale: Math.max(1, intFrom(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE')),
    webConcurrency: intFrom(env.WEB_CONCURRENCY, 0, 'WEB_CONCURRENCY'),
    feedCacheMb: intFrom(env.FEED_CACHE_MB, 256, 'FEED_CACHE_MB'),
    ...(env.PAYMENT_PORTAL_URL && env.PAYMENT_PORTAL_SECRET
      ? {
          paymentPortal: {
            url: env.PAYMENT_PORTAL_URL,
            secret: new TextEncoder().encode(env.PAYMENT_PORTAL_SECRET),
          },
        }
      : {}),
    energyStar: energyStarFrom(env),
    ...(env.LLM_BASE_URL ? { assistantModel: assistantModelFrom(env) } : {}),
    ...weatherNceiFrom(env),
  };
}
