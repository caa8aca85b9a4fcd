import { createContext } from 'react';
import type { Tone } from './ToneIcon';

/** Notification toast timeout (spec 000 §9). */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

/** How long the generic error toast stays (spec 000 §8). */
export const ERROR_TOAST_TIMEOUT_MS = 1000;

/** Options of one toast; timeout 0 keeps it until closed. */
export type ToastOptions = { kind?: Tone; timeout?: number };

/** What useToasts() gives: show a toast, the generic error toast, or dismiss one by id. */
export type ToastApi = {
  readonly toast: (title: string, message?: string, options?: ToastOptions) => number;
  readonly errorToast: (title: string) => number;
  readonly dismiss: (id: number) => void;
};

/** The toast API of the nearest ToastProvider. */
export const ToastContext = createContext<ToastApi | null>(null);
