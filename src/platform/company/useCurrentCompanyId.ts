import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { sessionAtom } from '../../session/atoms';
import { companyIdOfPath } from '../routeTable';

/**
 * The company a page works in: consultants name it in the path (/companies/{compId}/...), clients work in their
 * own (the session's). Null when signed out.
 */
export function useCurrentCompanyId(): number | null {
  const session = useAtomValue(sessionAtom);
  const { pathname } = useLocation();
  return companyIdOfPath(pathname) ?? session?.companyId ?? null;
}
