import axios from 'axios';
import type { AxiosRequestConfig } from 'axios';

/** The error part of an API answer: `{ error: { code, message, fields? } }` (docs/architecture.md §5). */
export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** Every call answers a value, never throws (spec: "the response handler returns an error response"). */
export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Record<string, string> }
  | {
      ok: false;
      status: number;
      error: ApiErrorBody;
      isNetworkError: boolean;
      isCancelled: boolean;
      data?: unknown;
    };

/** The text of a cancelled call (spec 000 §8). */
export const REQUEST_CANCELLED = 'Request cancelled';
/** What a call says when the browser has no network. */
export const OFFLINE_MESSAGE = 'You are offline. This needs a network connection.';

/** Supplies a fresh access token before each call (the session module installs it). */
export interface AuthProvider {
  /** Refreshes first when the session is marked authorized and its expiry passed; null when signed out. */
  tokenForCall(): Promise<string | null>;
}

let authProvider: AuthProvider = { tokenForCall: async () => null };

/** Installs the session's token source; kept as an injection to avoid an import cycle. */
export function setAuthProvider(provider: AuthProvider): void {
  authProvider = provider;
}

/** The one axios instance: base /api, JSON, credentials sent (spec 000 §7). */
export const http = axios.create({
  baseURL: '/api',
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: 60_000,
});

function errorBodyOf(data: unknown, fallback: string): ApiErrorBody {
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const error = data.error;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
      return {
        code: typeof code === 'string' ? code : 'error',
        message: typeof message === 'string' ? message : fallback,
        ...(typeof fields === 'object' && fields !== null
          ? { fields: fields as Record<string, string> }
          : {}),
      };
    }
  }
  return { code: 'error', message: fallback };
}

function flatHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null) return out;
  for (const [key, value] of Object.entries(headers))
    if (typeof value === 'string') out[key.toLowerCase()] = value;
  return out;
}

/** Options of one call beyond axios's own. */
export interface CallOptions extends AxiosRequestConfig {
  /** The refresh call itself must not trigger a refresh. */
  skipAuth?: boolean;
}

/** Sends one request and answers a value: data, or the error the server (or the network) gave. */
export async function request<T>(options: CallOptions): Promise<ApiResult<T>> {
  const { skipAuth, ...config } = options;
  const headers: Record<string, string> = { ...(config.headers as Record<string, string> | undefined) };
  if (!skipAuth) {
    const token = await authProvider.tokenForCall();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  try {
    const response = await http.request<T>({ ...config, headers });
    return { ok: true, status: response.status, data: response.data, headers: flatHeaders(response.headers) };
  } catch (error) {
    if (axios.isCancel(error)) {
      return {
        ok: false,
        status: 0,
        error: { code: 'cancelled', message: REQUEST_CANCELLED },
        isNetworkError: false,
        isCancelled: true,
      };
    }
    if (axios.isAxiosError(error) && error.response) {
      const { status } = error.response;
      const data: unknown = error.response.data;
      return {
        ok: false,
        status,
        error: errorBodyOf(data, error.message),
        isNetworkError: false,
        isCancelled: false,
        data,
      };
    }
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const message = offline ? OFFLINE_MESSAGE : 'The server could not be reached. Please try again.';
    return {
      ok: false,
      status: 0,
      error: { code: 'network', message },
      isNetworkError: true,
      isCancelled: false,
    };
  }
}

/** GET shortcut. */
export function get<T>(url: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  return request<T>({ ...options, method: 'GET', url });
}

/** POST shortcut. */
export function post<T>(url: string, data?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  return request<T>({ ...options, method: 'POST', url, data });
}

/** PUT shortcut. */
export function put<T>(url: string, data?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  return request<T>({ ...options, method: 'PUT', url, data });
}

/** DELETE shortcut. */
export function del<T>(url: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  return request<T>({ ...options, method: 'DELETE', url });
}
