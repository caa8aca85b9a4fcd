import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { OFFLINE_MESSAGE, post } from '../../api/http';
import { PASSWORD_RULE_TEXT, isValidPassword } from '../../domain/validation';
import { DoneCard } from './AuthOutcome';
import { AuthFormCard, NewPasswordFields } from './AuthFormParts';
import { MESSAGES } from './authRules';
import { useAuthForm } from './useAuthForm';

/** `/resetpassword/{id}`: a new password through a mailed one-time link. */
export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const [done, setDone] = useState(false);
  const [linkDead, setLinkDead] = useState(false);
  const form = useAuthForm({
    initial: { newPassword: '', confirmPassword: '' },
    validate: ({ newPassword, confirmPassword }) => ({
      newPassword:
        newPassword === ''
          ? MESSAGES.required('New password')
          : isValidPassword(newPassword)
            ? undefined
            : PASSWORD_RULE_TEXT,
      confirmPassword:
        confirmPassword === ''
          ? MESSAGES.required('Confirm password')
          : confirmPassword !== newPassword
            ? MESSAGES.passwordsDiffer
            : undefined,
    }),
    serverFields: {
      'body.newPassword': 'newPassword',
      'body.password': 'newPassword',
      'body.confirmPassword': 'confirmPassword',
    },
    offlineMessage: OFFLINE_MESSAGE,
  });

  if (done) {
    return (
      <DoneCard
        title="Password changed"
        message="Your password has been changed, and any other sessions were signed out. Sign in with your new password."
      >
        <Link className="btn btn--primary" to="/login">
          Sign in
        </Link>
      </DoneCard>
    );
  }

  return (
    <AuthFormCard
      title="Choose a new password"
      intro="Pick a new password for your account."
      footer={
        linkDead ? (
          <Link to="/forgotpassword">Send me a new reset link</Link>
        ) : (
          <Link to="/login">Back to sign in</Link>
        )
      }
      alert={form.alert}
      busy={form.busy}
      submitLabel="Save new password"
      busyLabel="Saving…"
      onSubmit={form.onSubmit(async (values) => {
        const result = await post<unknown>(`/reset_password/${encodeURIComponent(id)}`, values, {
          skipAuth: true,
        });
        if (result.ok) {
          setDone(true);
          return;
        }
        setLinkDead(result.status === 404 || result.status === 410);
        form.showError(result.error);
      })}
    >
      <NewPasswordFields
        password={form.field('newPassword')}
        confirm={form.field('confirmPassword')}
        label="New password"
        autoFocus
      />
    </AuthFormCard>
  );
}

/** The route module's component (react-router `lazy`). */
export const Component = ResetPasswordPage;
