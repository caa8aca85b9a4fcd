// Failures of a sync run, with what the scheduler should do about them.
import { isQuotaError } from '../../src/domain/sync';
import type { PauseReason, SyncErrorCode } from './types';
import { AuthRequiredError, NetworkError } from './http';

/** A failed request or a page the engine cannot use. */
export class SyncFailure extends Error {
  override readonly name = 'SyncFailure';
  constructor(
    readonly code: SyncErrorCode,
    message: string,
    /** Worth retrying later with backoff (network, 5xx); otherwise wait for a new trigger. */
    readonly isRetryable: boolean,
  ) {
    super(message);
  }
}

/** How the engine reads any error of a run. */
export interface FailureVerdict {
  code: SyncErrorCode;
  message: string;
  isRetryable: boolean;
  pause: PauseReason | null;
}

/** The user-facing wording of a full device. */
export const QUOTA_MESSAGE =
  'This device has no storage space left for offline data. Sync is paused; nothing already stored or queued is lost. Free some space or remove an offline company, then sync again.';

/** Classifies an error thrown by a sync run. */
export function verdictOf(error: unknown): FailureVerdict {
  if (isQuotaError(error))
    return { code: 'quota', message: QUOTA_MESSAGE, isRetryable: false, pause: 'quota' };
  if (error instanceof AuthRequiredError)
    return { code: 'auth', message: error.message, isRetryable: false, pause: 'auth' };
  if (error instanceof NetworkError) {
    return {
      code: 'network',
      message: `The server cannot be reached (${error.message})`,
      isRetryable: true,
      pause: null,
    };
  }
  if (error instanceof SyncFailure)
    return { code: error.code, message: error.message, isRetryable: error.isRetryable, pause: null };
  const message = error instanceof Error ? error.message : String(error);
  // Unknown errors (a Dexie hiccup) are retried with backoff rather than stopping sync for good.
  return { code: 'protocol', message, isRetryable: true, pause: null };
}
