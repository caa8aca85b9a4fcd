import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { landingPath } from '../../domain/nav';
import { rolesAtom } from '../../session/atoms';

/** The root path sends consultants to /consultant and clients to /home (spec 000 §2). */
export function RootRedirect() {
  const roles = useAtomValue(rolesAtom);
  return <Navigate to={roles ? landingPath(roles) : '/login'} replace />;
}
