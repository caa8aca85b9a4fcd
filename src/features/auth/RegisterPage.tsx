import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { get, OFFLINE_MESSAGE, post } from '../../api/http';
import { PASSWORD_RULE_TEXT, isValidPassword } from '../../domain/validation';
import { AuthLayout } from './AuthLayout';
import { TextField } from '../../ui/fields/TextField';
import { FormAlert, NewPasswordFields, SubmitButton } from './AuthFormParts';
import { DoneCard, LinkProblem } from './AuthOutcome';
import { MESSAGES } from './authRules';
import { useAuthForm } from './useAuthForm';
import { useStartOnce } from './useStartOnce';

/** What `GET /api/register/{id}` says about the invitation. */
interface Invitation {
  email: string;
  companyName: string;
  firstName?: string;
  lastName?: string;
}

type InviteState =
  | { kind: 'loading' }
  | { kind: 'ready'; invitation: Invitation }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'registered'; email: string };

function isInvitation(data: unknown): data is Invitation {
  return typeof data === 'object' && data !== null && typeof Reflect.get(data, 'email') === 'string';
}

/** `/register/{id}`: an invited user picks a name and a password. */
export function RegisterPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<InviteState>({ kind: 'loading' });

  const load = (isMounted: () => boolean = () => true) => {
    setState({ kind: 'loading' });
    void get<unknown>(`/register/${encodeURIComponent(id)}`, { skipAuth: true }).then((result) => {
      if (!isMounted()) return;
      if (result.ok && isInvitation(result.data)) setState({ kind: 'ready', invitation: result.data });
      else if (!result.ok && (result.status === 404 || result.status === 410))
        setState({ kind: 'invalid', message: result.error.message });
      else if (!result.ok && result.isNetworkError)
        setState({ kind: 'unreachable', message: result.error.message });
      else
        setState({
          kind: 'unreachable',
          message: result.ok ? 'The server sent an unexpected answer.' : result.error.message,
        });
    });
  };
  useStartOnce(load);

  switch (state.kind) {
    case 'loading':
      return (
        <AuthLayout title="Create your account">
          <p className="auth-status" role="status">
            <span className="spinner" aria-hidden="true" />
            Checking your invitation…
          </p>
        </AuthLayout>
      );
    case 'invalid':
      return (
        <LinkProblem
          title="Create your account"
          message={state.message}
          action={<Link to="/login">Back to sign in</Link>}
        />
      );
    case 'unreachable':
      return (
        <LinkProblem
          title="Create your account"
          message={state.message}
          action={
            <button type="button" className="btn btn--primary" onClick={() => load()}>
              Try again
            </button>
          }
        />
      );
    case 'registered':
      return (
        <DoneCard title="Your account is ready" message="Sign in with your email and your new password.">
          <Link className="btn btn--primary" to="/login" state={{ email: state.email }}>
            Sign in
          </Link>
        </DoneCard>
      );
    case 'ready':
      return (
        <RegisterForm
          tokenId={id}
          invitation={state.invitation}
          onRegistered={() => setState({ kind: 'registered', email: state.invitation.email })}
        />
      );
  }
}

interface RegisterFormProps {
  tokenId: string;
  invitation: Invitation;
  onRegistered: () => void;
}

function RegisterForm({ tokenId, invitation, onRegistered }: RegisterFormProps) {
  const form = useAuthForm({
    initial: {
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      password: '',
      confirmPassword: '',
    },
    validate: ({ firstName, lastName, password, confirmPassword }) => ({
      firstName: firstName.trim() === '' ? MESSAGES.required('First name') : undefined,
      lastName: lastName.trim() === '' ? MESSAGES.required('Last name') : undefined,
      password:
        password === ''
          ? MESSAGES.required('Password')
          : isValidPassword(password)
            ? undefined
            : PASSWORD_RULE_TEXT,
      confirmPassword:
        confirmPassword === ''
          ? MESSAGES.required('Confirm password')
          : confirmPassword !== password
            ? MESSAGES.passwordsDiffer
            : undefined,
    }),
    serverFields: {
      'body.firstName': 'firstName',
      'body.lastName': 'lastName',
      'body.password': 'password',
      'body.confirmPassword': 'confirmPassword',
    },
    offlineMessage: OFFLINE_MESSAGE,
  });

  return (
    <AuthLayout
      title="Create your account"
      intro={
        <>
          Registering <strong>{invitation.email}</strong>
          {invitation.companyName ? (
            <>
              {' '}
              for <strong>{invitation.companyName}</strong>
            </>
          ) : null}
        </>
      }
    >
      <form
        className="auth-form"
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          const result = await post<unknown>(
            `/register/${encodeURIComponent(tokenId)}`,
            {
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              password: values.password,
              confirmPassword: values.confirmPassword,
            },
            { skipAuth: true },
          );
          if (result.ok) onRegistered();
          else form.showError(result.error);
        })}
      >
        <FormAlert message={form.alert} />
        {/* Out of sight but present, so password managers file the new password under this account. */}
        <input
          type="email"
          className="visually-hidden"
          name="email"
          value={invitation.email}
          autoComplete="username"
          readOnly
          tabIndex={-1}
          aria-hidden="true"
        />
        <div className="auth-form__row">
          <TextField
            {...form.field('firstName')}
            label="First name"
            autoComplete="given-name"
            required
            autoFocus
          />
          <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" required />
        </div>
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirmPassword')}
          label="Password"
        />
        <SubmitButton busy={form.busy} busyLabel="Creating account…">
          Create account
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}

/** The route module's component (react-router `lazy`). */
export const Component = RegisterPage;
