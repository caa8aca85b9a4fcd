import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { DEFAULT_TOAST_TIMEOUT_MS, ERROR_TOAST_TIMEOUT_MS, ToastContext } from './toastContext';
import type { ToastApi, ToastOptions } from './toastContext';
import { ToneIcon } from './ToneIcon';
import type { Tone } from './ToneIcon';
import './controls.css';
import './toasts.css';

type ToastRecord = {
  readonly id: number;
  readonly title: string;
  readonly message?: string;
  readonly kind: Tone;
  readonly timeout: number;
};

/** More than this many at once and the oldest goes. */
const MAX_TOASTS = 5;
let lastToastId = 0;

function ToastItem({ toast, onDismiss }: { toast: ToastRecord; onDismiss: (id: number) => void }) {
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const isPaused = isHovered || isFocused;
  const remaining = useRef(toast.timeout);
  const { id, timeout } = toast;

  useEffect(() => {
    if (timeout <= 0 || isPaused) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, timeout, isPaused, onDismiss]);

  return (
    <div
      className="toast"
      data-kind={toast.kind}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setIsFocused(false);
      }}
    >
      <ToneIcon tone={toast.kind} size={20} />
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.message && <p className="toast__message">{toast.message}</p>}
      </div>
      <button
        type="button"
        className="btn btn--ghost btn--icon btn--sm toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(id)}
      >
        <X size={16} aria-hidden="true" />
      </button>
      {timeout > 0 && (
        <div
          className="toast__timer"
          aria-hidden="true"
          style={{ animationDuration: `${timeout}ms`, animationPlayState: isPaused ? 'paused' : 'running' }}
        />
      )}
    </div>
  );
}

/**
 * Provides useToasts() and renders the toasts stacked bottom-right in live regions: polite for
 * info, success and warning, assertive for errors. Each closes itself after its timeout (default
 * 5000 ms), paused while hovered or focused, or with its close button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ToastRecord[]>([]);
  const api = useMemo<ToastApi>(() => {
    const dismiss = (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id));
    const toast = (title: string, message?: string, options: ToastOptions = {}) => {
      lastToastId += 1;
      const record: ToastRecord = {
        id: lastToastId,
        title,
        message,
        kind: options.kind ?? 'info',
        timeout: options.timeout ?? DEFAULT_TOAST_TIMEOUT_MS,
      };
      setToasts((list) => [...list, record].slice(-MAX_TOASTS));
      return record.id;
    };
    const errorToast = (title: string) =>
      toast(title, undefined, { kind: 'error', timeout: ERROR_TOAST_TIMEOUT_MS });
    return { toast, errorToast, dismiss };
  }, []);

  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  return (
    <ToastContext value={api}>
      {children}
      {createPortal(
        <div className="toast-viewport">
          <div className="toast-viewport__region" aria-live="assertive" aria-relevant="additions text">
            {errors.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={api.dismiss} />
            ))}
          </div>
          <div className="toast-viewport__region" aria-live="polite" aria-relevant="additions text">
            {others.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={api.dismiss} />
            ))}
          </div>
        </div>,
        document.body,
      )}
    </ToastContext>
  );
}
