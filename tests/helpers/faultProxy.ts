// A tiny HTTP proxy on loopback in front of the test server, for fault injection in sync tests: each
// request either passes or meets the first matching planned fault (docs/architecture.md §10).
import { createServer, request as forward } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What happens to a request that meets a fault. */
export type Fault =
  /** The connection drops before the request is forwarded: the server never sees it. */
  | { kind: 'refuse' }
  /** Answered by the proxy with this status (and JSON body), not forwarded. */
  | { kind: 'status'; status: number; body?: unknown }
  /** Forwarded (the server commits), then the connection drops before the client gets the answer. */
  | { kind: 'lose-response' }
  /** Forwarded; the client gets the headers and part of the body, then the connection drops (mid-page). */
  | { kind: 'cut-response'; fraction?: number }
  /** Forwarded after a pause. */
  | { kind: 'delay'; ms: number };

/** Which requests a fault applies to. */
export interface FaultMatch {
  method?: string;
  /** A path prefix (query included in the comparison) or a pattern. */
  path?: string | RegExp;
}

/** One request as the proxy saw it. */
export interface ProxyLogEntry {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  ifMatch: string | undefined;
  fault: Fault['kind'] | null;
  /** The upstream status, when the request was forwarded and answered. */
  status: number | null;
}

/** The proxy. */
export interface FaultProxy {
  url: string;
  log: ProxyLogEntry[];
  /** Plans a fault for the next `times` matching requests. */
  inject(match: FaultMatch, fault: Fault, times?: number): void;
  /** Drops planned faults (and, with `log`, the log). */
  clear(options?: { log?: boolean }): void;
  /** Planned faults not used yet. */
  remaining(): number;
  close(): Promise<void>;
}

interface Rule {
  match: FaultMatch;
  fault: Fault;
  times: number;
}

function matches(match: FaultMatch, method: string, path: string): boolean {
  if (match.method && match.method.toUpperCase() !== method) return false;
  if (match.path === undefined) return true;
  return typeof match.path === 'string' ? path.startsWith(match.path) : match.path.test(path);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function upstream(
  target: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host, connection: 'close' };
    const outgoing = forward(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (res) => {
        readBody(res).then(
          (buffer) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: buffer }),
          reject,
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function reply(res: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Buffer): void {
  const { 'transfer-encoding': _te, connection: _c, 'keep-alive': _k, ...rest } = headers;
  res.writeHead(status, { ...rest, 'content-length': String(body.length) });
}

/** Starts a proxy on 127.0.0.1 in front of `targetUrl`. */
export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const rules: Rule[] = [];
  const log: ProxyLogEntry[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const body = await readBody(req);
      const rule = rules.find((candidate) => candidate.times > 0 && matches(candidate.match, method, path));
      if (rule) rule.times -= 1;
      const fault = rule?.fault ?? null;
      const entry: ProxyLogEntry = {
        method,
        path,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        ifMatch: req.headers['if-match'],
        fault: fault?.kind ?? null,
        status: null,
      };
      log.push(entry);
      if (fault?.kind === 'refuse') return void req.socket.destroy();
      if (fault?.kind === 'status') {
        const payload = Buffer.from(
          JSON.stringify(fault.body ?? { error: { code: 'injected', message: `Injected ${fault.status}` } }),
        );
        reply(res, fault.status, { 'content-type': 'application/json' }, payload);
        return void res.end(payload);
      }
      if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
      let answer: Awaited<ReturnType<typeof upstream>>;
      try {
        answer = await upstream(target, req, body);
      } catch {
        return void req.socket.destroy();
      }
      entry.status = answer.status;
      if (fault?.kind === 'lose-response') return void req.socket.destroy();
      reply(res, answer.status, answer.headers, answer.body);
      if (fault?.kind === 'cut-response') {
        const part = answer.body.subarray(0, Math.floor(answer.body.length * (fault.fraction ?? 0.5)));
        return void res.write(part, () => req.socket.destroy());
      }
      res.end(answer.body);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    inject(match, fault, times = 1) {
      rules.push({ match, fault, times });
    },
    clear(options) {
      rules.length = 0;
      if (options?.log) log.length = 0;
    },
    remaining() {
      return rules.reduce((sum, rule) => sum + rule.times, 0);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
