// Files on disk under FILES_DIR (docs/architecture.md §15). The database keeps each file's metadata (name, type, size,
// sha-256, storage key); the bytes live here, never in the JSON feed or a table. A storage key is made by the server
// (`{namespace}/{companyId}/{uuid}`), never taken from a request, so no name a user gives reaches the file system.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where an area keeps its files: the first part of its storage keys (the orphan sweep reads it, files/registry.ts). */
export type FileNamespace = 'company-documents' | 'contract-documents' | 'ticket-attachments';

const KEY =
  /^[a-z][a-z0-9-]{0,40}\/[0-9]{1,10}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a text is a storage key of the shape the server makes. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** A new storage key of an area's file of one company. */
export function newStorageKey(namespace: FileNamespace, companyId: number): string {
  return `${namespace}/${companyId}/${randomUUID()}`;
}

/** The file store of one server: plain files under one root folder. */
export interface FileStore {
  readonly root: string;
  /** Writes a file whole: to a temporary name first, then renamed, so a reader never sees half a file. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the file and its size, or null when there is none. */
  open(key: string): Promise<{ stream: ReadStream; size: number } | null>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The store rooted at `root` (FILES_DIR); folders are made as files arrive. */
export function createFileStore(root: string): FileStore {
  const pathOf = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return join(root, ...key.split('/'));
  };
  return {
    root,
    async write(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { stream: createReadStream(path), size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
