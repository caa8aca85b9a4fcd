import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { post } from '../../api/http';
import { storeSsoLoginPath } from '../../session/atoms';
import { AuthLayout } from './AuthLayout';
import { intendedPath } from '../../platform/routeTable';
import { rememberSsoDestination } from './ssoHandoff';
import { useStartOnce } from './useStartOnce';

/** The text logged when the server does not know the client (spec 000 §8). */
export const CLIENT_UNKNOWN = 'Client does not exist';

function redirectUrlOf(data: unknown): string | null {
  const url: unknown =
    typeof data === 'object' && data !== null ? Reflect.get(data, 'redirectUrl') : undefined;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}

/**
 * `/ssologin/{clientId}`: starts single sign-on and follows the identity provider's address. It
 * remembers this path so a signed-out user comes back here; a failure of any kind goes to /login.
 */
export function SsoLoginPage() {
  const { clientId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();

  useStartOnce((isMounted) => {
    storeSsoLoginPath(`/ssologin/${clientId}`);
    rememberSsoDestination(intendedPath(location.state));
    void post<unknown>(`/ssologin/${encodeURIComponent(clientId)}`, undefined, { skipAuth: true }).then(
      (result) => {
        if (!isMounted()) return;
        const redirectUrl = result.ok ? redirectUrlOf(result.data) : null;
        if (redirectUrl) {
          window.location.assign(redirectUrl);
          return;
        }
        if (!result.ok && result.status === 404) {
          console.error(CLIENT_UNKNOWN);
          // No such client: a later sign-out should not send the user back to this dead address.
          storeSsoLoginPath(null);
        } else {
          console.error(
            'SSO sign-in could not start:',
            result.ok ? 'unexpected answer' : result.error.message,
          );
        }
        void navigate('/login', { replace: true });
      },
    );
  });

  return (
    <AuthLayout title="Single sign-on">
      <p className="auth-status" role="status">
        <span className="spinner" aria-hidden="true" />
        Taking you to your organisation’s sign-in page…
      </p>
    </AuthLayout>
  );
}

/** The route module's component (react-router `lazy`). */
export const Component = SsoLoginPage;
