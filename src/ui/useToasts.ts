import { useContext } from 'react';
import { ToastContext } from './toastContext';
import type { ToastApi } from './toastContext';

/** The toast API: toast(title, message?, { kind, timeout }), errorToast(title), dismiss(id). Needs a ToastProvider above. */
export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts must be used inside a ToastProvider');
  return api;
}
