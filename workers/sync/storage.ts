// Storage of the origin (docs/architecture.md §4): ask to persist, report usage and quota when the browser tells.
import type { StorageInfo } from './types';

/** The parts of `navigator.storage` the engine uses; every member is optional (older browsers, Node). */
export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

/** Asks the browser not to evict our data under pressure; null when it cannot be asked. */
export async function requestPersistence(storage: StorageManagerLike | undefined): Promise<boolean | null> {
  try {
    if (storage?.persisted && (await storage.persisted())) return true;
    return storage?.persist ? await storage.persist() : null;
  } catch {
    return null;
  }
}

/** Usage and quota of the origin, or null when the browser does not say. */
export async function readStorage(
  storage: StorageManagerLike | undefined,
  persisted: boolean | null,
): Promise<StorageInfo | null> {
  try {
    if (!storage?.estimate) return null;
    const estimate = await storage.estimate();
    return { usage: estimate.usage ?? null, quota: estimate.quota ?? null, persisted };
  } catch {
    return null;
  }
}
