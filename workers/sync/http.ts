// The engine's HTTP: JSON in and out, a timeout, the access token attached at send time (never stored),
// and one refresh-then-resend on 401 with the refresh shared by every caller (single flight).

/** The answer of a request: status, parsed body (null when empty or not JSON) and its size in bytes. */
export interface HttpAnswer {
  status: number;
  body: unknown;
  bytes: number;
}

/** The network failed (connection refused or dropped, timeout, body cut off): nothing is known of the outcome. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** The session could not be refreshed: the user has to log in again. */
export class AuthRequiredError extends Error {
  override readonly name = 'AuthRequiredError';
}

/** What the HTTP layer needs. */
export interface HttpOptions {
  fetch: typeof fetch;
  baseUrl: string;
  getToken: () => Promise<string | null> | string | null;
  refreshToken: () => Promise<string | null>;
  timeoutMs: number;
}

/** A request to send. */
export interface HttpRequest {
  method: string;
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A body already encoded (an upload: JSON built around its files, or a multipart form); sent as it is. */
  encodedBody?: Blob | FormData;
  headers?: Record<string, string>;
  /** Overrides the client's timeout (an upload's time grows with its size). */
  timeoutMs?: number;
  /** Called with the answer's status and headers as soon as they arrive, before its body is read. */
  onHeaders?: (status: number, headers: Headers) => void;
}

/** The engine's HTTP client. */
export interface HttpClient {
  send(request: HttpRequest): Promise<HttpAnswer>;
  /** Uses this token from now on (the main thread refreshed the session). */
  setToken(token: string | null): void;
}

/** Creates the HTTP client; tokens come from `getToken` until `setToken` or a refresh provides one. */
export function createHttpClient(options: HttpOptions): HttpClient {
  // Called unbound: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const doFetch = options.fetch;
  let token: string | null | undefined;
  let refreshing: Promise<string | null> | null = null;

  const currentToken = async (): Promise<string | null> => {
    if (token === undefined) token = await options.getToken();
    return token;
  };

  const refresh = (): Promise<string | null> => {
    refreshing ??= options
      .refreshToken()
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const attempt = async (request: HttpRequest, bearer: string | null): Promise<HttpAnswer> => {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    // A form sets its own multipart content type (with its boundary); a Blob carries its type.
    if (request.encodedBody instanceof Blob) headers['content-type'] = request.encodedBody.type;
    else if (request.encodedBody === undefined && request.body !== undefined)
      headers['content-type'] = 'application/json';
    const body =
      request.encodedBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    let text: string;
    let status: number;
    try {
      const response = await doFetch(`${options.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs),
      });
      status = response.status;
      request.onHeaders?.(status, response.headers);
      // Reading the whole body inside the try: a connection cut mid-body is a network error too.
      text = await response.text();
    } catch (error) {
      throw new NetworkError(error instanceof Error ? `${error.name}: ${error.message}` : 'Network error');
    }
    return { status, body: parseJson(text), bytes: text.length };
  };

  return {
    async send(request) {
      let bearer = await currentToken();
      if (!bearer) bearer = await refreshOrFail(refresh);
      const first = await attempt(request, bearer);
      if (first.status !== 401) return first;
      // Someone else may have refreshed meanwhile; refresh only if the token we sent is still current.
      const fresh = token !== bearer && token ? token : await refreshOrFail(refresh);
      const second = await attempt(request, fresh);
      if (second.status === 401) {
        token = null;
        throw new AuthRequiredError('The session has expired; log in again to sync');
      }
      return second;
    },
    setToken(next) {
      token = next;
    },
  };
}

async function refreshOrFail(refresh: () => Promise<string | null>): Promise<string> {
  let fresh: string | null;
  try {
    fresh = await refresh();
  } catch (error) {
    // A refresh that could not reach the server is a network problem, not a logout.
    throw new NetworkError(
      error instanceof Error ? `Token refresh failed: ${error.message}` : 'Token refresh failed',
    );
  }
  if (!fresh) throw new AuthRequiredError('The session has expired; log in again to sync');
  return fresh;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
