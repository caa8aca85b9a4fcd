import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OFFLINE_MESSAGE, post } from '../../api/http';
import { DoneCard } from './AuthOutcome';
import { AuthFormCard, SignInEmailField } from './AuthFormParts';
import { MESSAGES, isEmail } from './authRules';
import { useAuthForm } from './useAuthForm';

/** The server's one answer, used when it sends none (it never says whether the account exists). */
const SENT_TEXT = 'If an account exists for that email, a reset link has been sent.';

/** `/forgotpassword`: asks for a reset link by email. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useAuthForm({
    initial: { email: '' },
    validate: ({ email }) => ({
      email:
        email.trim() === '' ? MESSAGES.required('Email') : isEmail(email) ? undefined : MESSAGES.emailInvalid,
    }),
    serverFields: { 'body.email': 'email' },
    offlineMessage: OFFLINE_MESSAGE,
  });

  if (sent !== null) {
    return (
      <DoneCard title="Check your email" message={sent}>
        <Link className="btn btn--primary" to="/login">
          Back to sign in
        </Link>
      </DoneCard>
    );
  }

  return (
    <AuthFormCard
      title="Forgot password"
      intro="Enter the email you sign in with, and we will send you a link to choose a new password."
      footer={<Link to="/login">Back to sign in</Link>}
      alert={form.alert}
      busy={form.busy}
      submitLabel="Send reset link"
      busyLabel="Sending…"
      onSubmit={form.onSubmit(async ({ email }) => {
        const result = await post<unknown>('/forgot_password', { email: email.trim() }, { skipAuth: true });
        if (!result.ok) {
          form.showError(result.error);
          return;
        }
        const message: unknown =
          typeof result.data === 'object' && result.data !== null
            ? Reflect.get(result.data, 'message')
            : undefined;
        setSent(typeof message === 'string' && message !== '' ? message : SENT_TEXT);
      })}
    >
      <SignInEmailField {...form.field('email')} autoFocus />
    </AuthFormCard>
  );
}

/** The route module's component (react-router `lazy`). */
export const Component = ForgotPasswordPage;
