import { NavLink } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';

/** The pages of the Reports area: reports, missing invoices and, with sustainability access, emissions. */
export function ReportsNav({ hasEmissions }: { hasEmissions: boolean }) {
  const pathTo = useAreaPaths();
  const links = [
    { to: pathTo('reports'), label: 'Reports', end: true },
    { to: pathTo('reports/missing-invoices'), label: 'Missing invoices', end: false },
    ...(hasEmissions ? [{ to: pathTo('reports/emissions'), label: 'Emissions', end: false }] : []),
  ];
  return (
    <nav className="reports-nav" aria-label="Reports pages">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className="reports-nav__link">
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
