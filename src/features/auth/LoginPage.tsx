import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { login, verifyTwoFactor } from '../../session/flows';
import type { SignInOutcome } from '../../session/flows';
import { storeSsoLoginPath } from '../../session/atoms';
import { TextField } from '../../ui/fields/TextField';
import { AuthFormCard, SignInEmailField } from './AuthFormParts';
import { intendedPath } from '../../platform/routeTable';
import { MESSAGES, isEmail, stateString } from './authRules';
import { useAuthForm } from './useAuthForm';

/** What the server's redirect after a failed IdP post says (`/login?sso=failed`). */
export const SSO_FAILED_TEXT =
  'Single sign-on failed. Please try again, or sign in with your email and password.';

/** `/login`: email and password, then the two-factor code when the account has it. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [email, setEmail] = useState(() => stateString(location.state, 'email') ?? '');

  const finish = (
    outcome: SignInOutcome,
    onError: (outcome: Extract<SignInOutcome, { kind: 'error' }>) => void,
  ) => {
    if (outcome.kind === 'signedIn') {
      // A password sign-in: a later sign-out should come back here, not to an SSO page.
      storeSsoLoginPath(null);
      void navigate(intendedPath(location.state), { replace: true });
    } else if (outcome.kind === 'twoFactor') {
      setChallenge(outcome.challenge);
    } else {
      onError(outcome);
    }
  };

  return challenge === null ? (
    <CredentialsStep
      initialEmail={email}
      notice={search.get('sso') === 'failed' ? SSO_FAILED_TEXT : null}
      onSignIn={async (values, showError) => {
        setEmail(values.email);
        finish(await login(values.email.trim(), values.password), (outcome) => showError(outcome.error));
      }}
    />
  ) : (
    <TwoFactorStep
      email={email}
      onVerify={async (code, showError) =>
        finish(await verifyTwoFactor(challenge, code), (outcome) => showError(outcome.error))
      }
      onBack={() => setChallenge(null)}
    />
  );
}

type ShowError = ReturnType<typeof useAuthForm>['showError'];

interface CredentialsStepProps {
  initialEmail: string;
  notice: string | null;
  onSignIn: (values: { email: string; password: string }, showError: ShowError) => Promise<void>;
}

function CredentialsStep({ initialEmail, notice, onSignIn }: CredentialsStepProps) {
  const form = useAuthForm({
    initial: { email: initialEmail, password: '' },
    validate: ({ email, password }) => ({
      email:
        email.trim() === '' ? MESSAGES.required('Email') : isEmail(email) ? undefined : MESSAGES.emailInvalid,
      password: password === '' ? MESSAGES.required('Password') : undefined,
    }),
    serverFields: { 'body.email': 'email', 'body.password': 'password' },
  });
  return (
    <AuthFormCard
      title="Sign in"
      intro="Welcome back. Sign in to see your bills, sites and energy data."
      alert={form.alert ?? notice}
      busy={form.busy}
      submitLabel="Sign in"
      busyLabel="Signing in…"
      onSubmit={form.onSubmit((values) => onSignIn(values, form.showError))}
    >
      <SignInEmailField {...form.field('email')} autoFocus={initialEmail === ''} />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus={initialEmail !== ''}
      />
      <div className="auth-form__links">
        <Link to="/forgotpassword">Forgot password?</Link>
      </div>
    </AuthFormCard>
  );
}

interface TwoFactorStepProps {
  email: string;
  onVerify: (code: string, showError: ShowError) => Promise<void>;
  onBack: () => void;
}

function TwoFactorStep({ email, onVerify, onBack }: TwoFactorStepProps) {
  const form = useAuthForm({
    initial: { code: '' },
    validate: ({ code }) => ({
      code:
        code.trim() === ''
          ? MESSAGES.required('Verification code')
          : /^\d{6}$/.test(code.trim())
            ? undefined
            : MESSAGES.codeInvalid,
    }),
    serverFields: { 'query.code': 'code' },
  });
  const code = form.field('code');
  // Digits only: pasted codes often carry spaces ("123 456").
  const binding = {
    ...code,
    onChange: (value: string) => code.onChange(value.replace(/\D/g, '').slice(0, 6)),
  };
  return (
    <AuthFormCard
      title="Two-step verification"
      intro={
        <>
          <KeyRound aria-hidden="true" size={16} className="auth-card__icon" />
          Enter the 6-digit code from your authenticator app{email ? ` for ${email}` : ''}.
        </>
      }
      alert={form.alert}
      busy={form.busy}
      submitLabel="Verify"
      busyLabel="Verifying…"
      onSubmit={form.onSubmit(({ code: value }) => onVerify(value.trim(), form.showError))}
      afterSubmit={
        <button
          type="button"
          className="btn btn--ghost auth-form__back"
          onClick={onBack}
          disabled={form.busy}
        >
          <ArrowLeft aria-hidden="true" size={16} />
          Back to sign in
        </button>
      }
    >
      <TextField
        {...binding}
        label="Verification code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        inputClassName="auth-form__code"
        required
        autoFocus
      />
    </AuthFormCard>
  );
}

/** The route module's component (react-router `lazy`). */
export const Component = LoginPage;
