import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { post } from '../../api/http';
import { storedSsoLoginPath } from '../../session/atoms';
import { completeSsoSignIn, refreshSession } from '../../session/flows';
import { AuthLayout } from './AuthLayout';
import { LinkProblem } from './AuthOutcome';
import { samlResponseOf, takeSsoDestination } from './ssoHandoff';
import { useStartOnce } from './useStartOnce';

const TITLE = 'Single sign-on';
const MISSING = 'The sign-in answer from your organisation is missing. Please start single sign-on again.';
const NO_SESSION = 'Single sign-on did not start a session. Please try again.';

/**
 * `/ssoacs/{clientId}`: finishes single sign-on. Two ways in: the IdP's browser POST reached the
 * server, which set the session cookie and sent the browser here with `?status=ok` (then a refresh
 * yields the token); or the SAMLResponse arrives in the query or hash and the page posts it.
 */
export function SsoAcsPage() {
  const { clientId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  useStartOnce((isMounted) => {
    const succeed = () => void navigate(takeSsoDestination(), { replace: true });
    const fail = (message: string) => {
      if (isMounted()) setProblem(message);
    };

    const saml = samlResponseOf(location.search, location.hash);
    if (saml) {
      void post<unknown>(`/ssoacs/${encodeURIComponent(clientId)}`, saml, { skipAuth: true }).then(
        (result) => {
          if (!isMounted()) return;
          if (!result.ok) return fail(result.error.message);
          const outcome = completeSsoSignIn(result.data);
          if (outcome.kind === 'signedIn') succeed();
          else fail(outcome.kind === 'error' ? outcome.error.message : NO_SESSION);
        },
      );
    } else if (new URLSearchParams(location.search).get('status') === 'ok') {
      void refreshSession().then((outcome) => {
        if (!isMounted()) return;
        if (outcome === 'ok') succeed();
        else fail(outcome === 'offline' ? 'The server could not be reached. Please try again.' : NO_SESSION);
      });
    } else {
      fail(MISSING);
    }
  });

  if (problem !== null) {
    const ssoPath = storedSsoLoginPath();
    return (
      <LinkProblem
        title={TITLE}
        message={problem}
        hint="You can try again, or sign in with your email and password."
        action={
          <>
            <Link className="btn btn--primary" to="/login">
              Back to sign in
            </Link>
            {ssoPath && (
              <Link className="btn btn--secondary" to={ssoPath}>
                Try single sign-on again
              </Link>
            )}
          </>
        }
      />
    );
  }
  return (
    <AuthLayout title={TITLE}>
      <p className="auth-status" role="status">
        <span className="spinner" aria-hidden="true" />
        Signing you in…
      </p>
    </AuthLayout>
  );
}

/** The route module's component (react-router `lazy`). */
export const Component = SsoAcsPage;
