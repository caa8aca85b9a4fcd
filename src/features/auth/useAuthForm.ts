import { useId, useRef, useState } from 'react';
import type { FocusEvent, FormEvent } from 'react';
import type { ApiErrorBody } from '../../api/http';
import { OFFLINE_SIGN_IN, isOnline } from './authRules';

type Errors<K extends string> = Partial<Record<K, string>>;

/** What a form field (src/ui/fields TextField) needs from its form: value, handlers, the message to show. */
export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** Reads where focus goes next: leaving for the submit button reveals nothing on its own. */
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** Options of one sign-in form. */
export interface AuthFormOptions<K extends string> {
  initial: Record<K, string>;
  /** Client-side rules: a message per invalid field. */
  validate: (values: Record<K, string>) => Errors<K>;
  /** Server field paths (`body.password`) to the form's fields. */
  serverFields?: Record<string, K>;
  /** The text shown, instead of sending, when the browser is offline. */
  offlineMessage?: string;
}

/**
 * The state every sign-in form shares: values, messages shown once a field was left or the form
 * submitted, server field errors until the field changes, the alert text and a busy flag that a
 * ref backs so a double click cannot send twice.
 */
export function useAuthForm<K extends string>({
  initial,
  validate,
  serverFields = {},
  offlineMessage = OFFLINE_SIGN_IN,
}: AuthFormOptions<K>) {
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<K>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const clientErrors = validate(values);
  const fieldId = (name: K) => `${formId}-${name}`;

  const field = (name: K): FieldBinding => ({
    id: fieldId(name),
    name,
    value: values[name],
    error: serverErrors[name] ?? (submitted || touched[name] ? clientErrors[name] : undefined),
    onChange: (value) => {
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
    },
    onBlur: (event) => {
      const next = event.relatedTarget;
      // A message appearing between mousedown and mouseup would push the button away from the
      // pointer and swallow the click; the submit shows every message anyway.
      if (next instanceof HTMLButtonElement && next.type === 'submit') return;
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
    },
  });

  /** Shows an error answer: field messages next to their fields, the message in the alert. */
  const showError = (error: ApiErrorBody) => {
    const mapped: Errors<K> = {};
    const unmapped: string[] = [];
    for (const [path, message] of Object.entries(error.fields ?? {})) {
      const name = serverFields[path];
      if (name) mapped[name] = message;
      else unmapped.push(message);
    }
    setServerErrors(mapped);
    setAlert([error.message, ...unmapped].join(' · '));
    const first = Object.keys(mapped)[0];
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  /** The form's submit handler: validates, checks the network, then runs `send` once at a time. */
  const onSubmit =
    (send: (values: Record<K, string>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busyRef.current) return;
      setSubmitted(true);
      const firstInvalid = (Object.keys(values) as K[]).find((name) => clientErrors[name] !== undefined);
      if (firstInvalid !== undefined) {
        document.getElementById(fieldId(firstInvalid))?.focus();
        return;
      }
      if (!isOnline()) {
        setAlert(offlineMessage);
        return;
      }
      busyRef.current = true;
      setBusy(true);
      setAlert(null);
      setServerErrors({});
      void send(values).finally(() => {
        busyRef.current = false;
        setBusy(false);
      });
    };

  return { values, setValues, field, busy, alert, setAlert, showError, onSubmit };
}
