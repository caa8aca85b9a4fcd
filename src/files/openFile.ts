// Opening a file the offline-first way (docs/architecture.md §15): from the device when it is kept there (or still
// waits in a queued upload), else from the network, keeping it for next time. Offline and not on the device, the
// caller gets a clear "needs a network connection" result with its own words — never a broken download.
import { getKeptFile, keepFile } from '../db/keptFiles';
import type { AppDb } from '../db/schema';
import type { FetchedFile } from './fetchFile';

/** A file an area offers: where the device keeps it, where the API serves it, its name. */
export interface FileSource {
  /** The stable key it is kept under, e.g. `documents/{id}`, `bills/{id}.pdf`. */
  key: string;
  /** The API path of its download, after /api. */
  path: string;
  name: string;
  companyId: number | null;
  /** Bytes of a queued upload not sent yet, when there is one. */
  queued?: () => Promise<Blob | null>;
}

/** Where the file came from, or why it could not be had. */
export type OpenOutcome =
  | { ok: true; blob: Blob; from: 'device' | 'queued' | 'network'; isKept: boolean }
  | { ok: false; isOffline: boolean; message: string };

/** What opening needs besides the database: the network fetch, and whether the browser is online. */
export interface OpenDeps {
  fetchFile: (path: string) => Promise<FetchedFile>;
  isOnline: () => boolean;
  /** The message of a file that is not on the device while offline (the area's words). */
  offlineMessage: string;
}

/** Gets a file's bytes: kept copy, queued upload, or the network (then kept, within the device's limits). */
export async function openFile(db: AppDb, source: FileSource, deps: OpenDeps): Promise<OpenOutcome> {
  const kept = await getKeptFile(db, source.key);
  if (kept) return { ok: true, blob: kept.blob, from: 'device', isKept: true };
  const queued = source.queued ? await source.queued() : null;
  if (queued) return { ok: true, blob: queued, from: 'queued', isKept: false };
  if (!deps.isOnline()) return { ok: false, isOffline: true, message: deps.offlineMessage };
  const fetched = await deps.fetchFile(source.path);
  if (!fetched.ok)
    return fetched.isNetworkError
      ? { ok: false, isOffline: true, message: deps.offlineMessage }
      : { ok: false, isOffline: false, message: fetched.message };
  const result = await keepFile(db, {
    key: source.key,
    companyId: source.companyId,
    name: source.name,
    blob: fetched.blob,
    etag: fetched.etag,
  });
  return { ok: true, blob: fetched.blob, from: 'network', isKept: result.kept };
}
