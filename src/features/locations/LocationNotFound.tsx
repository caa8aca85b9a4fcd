import { DetailNotFound } from '../../ui/DetailPage';
import type { BackTo } from '../../ui/Page';

/** A site's pages (the site, its ENERGY STAR figures) when the site is not on the device. */
export function LocationNotFound({ back, companyId }: { back: BackTo; companyId: number | null }) {
  return (
    <DetailNotFound
      back={back}
      companyId={companyId}
      title="Location not found"
      text={{
        notYet:
          'This location is not on this device yet. It appears once the company’s data has been downloaded.',
        notHere: 'This location is not one of this company’s sites.',
      }}
    />
  );
}
