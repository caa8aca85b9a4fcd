import { Construction } from 'lucide-react';
import { useMatches } from 'react-router-dom';
import { areaPageOf } from './crumbs';

/** The honest page of an area that is not built yet: it names the area and shows no data. */
export function AreaUnavailablePage() {
  const area = areaPageOf(useMatches())?.handle.title ?? 'This area';
  return (
    <section className="empty-state" aria-labelledby="unavailable-title">
      <Construction aria-hidden="true" size={40} />
      <h1 id="unavailable-title" className="empty-state__title">
        {area}
      </h1>
      <p>
        {area} is not available yet in GET Energy Portal. It is being built and will appear here in a coming
        update.
      </p>
    </section>
  );
}

/** react-router `lazy` convention. */
export const Component = AreaUnavailablePage;
