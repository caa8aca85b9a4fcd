import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { landingPath } from '../domain/nav';
import { rolesAtom } from '../session/atoms';
import './notFound.css';

/** The 404 page of spec 000 §2; Home goes to the landing of the user's role. */
export function NotFoundPage() {
  const roles = useAtomValue(rolesAtom);
  return (
    <main className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <span className="not-found__error">Error: 404</span> The page you requested could not be found.
      </h1>
      <Link className="btn btn--primary" to={roles ? landingPath(roles) : '/login'}>
        Home
      </Link>
    </main>
  );
}
