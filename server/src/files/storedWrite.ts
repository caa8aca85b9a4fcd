// A synced write that adds or drops a file (docs/architecture.md §15). The file reaches the disk before the database
// transaction names it, and leaves the disk only after the transaction that stopped naming it committed, so a row
// never names a missing file. A failed write, or a replayed Idempotency-Key (whose first request already stored its
// own file), removes the file it just wrote.
import type { WriteResult } from '../sync/syncedWrite';
import type { StoredFileMeta } from './download';
import { newStorageKey } from './store';
import type { FileNamespace, FileStore } from './store';
import type { Upload } from './upload';

/** Writes a checked upload to the store under a new key; answers the file columns of the row that will name it. */
export async function storeUpload(
  store: FileStore,
  namespace: FileNamespace,
  companyId: number,
  upload: Upload,
): Promise<StoredFileMeta> {
  const storageKey = newStorageKey(namespace, companyId);
  await store.write(storageKey, upload.bytes);
  return {
    storageKey,
    fileName: upload.file.fileName,
    mimeType: upload.file.mimeType,
    size: upload.file.size,
    sha256: upload.sha256,
  };
}

/** Runs the write that names a just-stored file; removes the file when the write throws or was a replay. */
export async function withStoredFile<T extends WriteResult & { replayed: boolean }>(
  store: FileStore,
  file: Pick<StoredFileMeta, 'storageKey'>,
  write: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await store.remove(file.storageKey);
    throw error;
  }
  if (result.replayed) await store.remove(file.storageKey);
  return result;
}

/**
 * Runs a write that may stop naming files (a delete); `dropped` collects their keys inside the transaction, and
 * they are removed once it committed. A replay applied nothing, so it removes nothing.
 */
export async function withDroppedFiles<T extends WriteResult & { replayed: boolean }>(
  store: FileStore,
  write: (dropped: string[]) => Promise<T>,
): Promise<T> {
  const dropped: string[] = [];
  const result = await write(dropped);
  if (!result.replayed) for (const key of dropped) await store.remove(key);
  return result;
}
