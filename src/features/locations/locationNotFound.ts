import type { MissingTexts } from '../../ui/DetailPage';

/** What a site's pages (the site and its ENERGY STAR figures) say when the site is not on the device. */
export const LOCATION_NOT_FOUND: MissingTexts = {
  notYet: 'This location is not on this device yet. It appears once the company’s data has been downloaded.',
  notHere: 'This location is not one of this company’s sites.',
};
