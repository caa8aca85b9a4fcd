import { ChevronRight } from 'lucide-react';
import { Link, useMatches } from 'react-router-dom';
import { crumbOf } from '../../platform/area/crumbs';

/** The matched route names (spec 000 §2), each a link but the last. */
export function Breadcrumb({ companyName }: { companyName?: string }) {
  const matches = useMatches();
  const crumbs = matches.flatMap((match) => {
    const crumb = crumbOf(match.handle);
    if (!crumb) return [];
    // The /companies/:compId crumb shows the company's name once it is known.
    const isCompanyCrumb =
      match.params.compId !== undefined && match.pathname === `/companies/${match.params.compId}`;
    const label = isCompanyCrumb ? (companyName ?? crumb.crumb) : crumb.crumb;
    return [{ label, path: match.pathname }];
  });
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={crumb.path}>
              {isLast ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <>
                  <Link to={crumb.path}>{crumb.label}</Link>
                  <ChevronRight aria-hidden="true" size={14} />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
