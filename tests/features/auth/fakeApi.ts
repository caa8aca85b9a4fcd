import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/api/http';

/** One request the pages sent, as the fake saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  params: Record<string, string>;
  body: unknown;
}

/** An answer: status and JSON body. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Answers the app's axios instance from a small table keyed `METHOD /path` (the path under /api),
 * so component tests need no server; errors are thrown as axios does, with the response attached.
 */
export function fakeApi(routes: Record<string, Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...(config.params as Record<string, string> | undefined) },
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    };
    seen.push(request);
    const handler = routes[`${request.method} ${request.url}`];
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(),
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}

/** An error body as the server sends it. */
export function apiError(status: number, message: string, fields?: Record<string, string>): FakeAnswer {
  return { status, body: { error: { code: 'error', message, ...(fields ? { fields } : {}) } } };
}

/** An access token the client can read (claims only; the client never verifies the signature). */
export function fakeAccessToken(
  claims: Record<string, unknown> = { userId: 7, companyId: 3, role: 'Client' },
): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}.signature`;
}

/** A promise with its resolve handle, to hold an answer while the page shows its busy state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
