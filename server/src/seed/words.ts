// Word lists the demo data is built from. Every company, utility and person is fictional.

// Lists are kept as '|'-separated text so they stay compact.
function list(text: string): readonly string[] {
  return text.split('|');
}

/** Street names for generated addresses. */
export const STREETS = list(
  'Oak|Maple|Cedar|Elm|Pine|Main|Commerce|Market|Industrial|Lakeview|Highland|Ridge|Meadow|Sunset|Park|' +
    'Washington|Lincoln|Jefferson|Franklin|Madison|Walnut|Chestnut|Willow|River|Spring|Mill|Church|Center|' +
    'Union|Liberty|Broadway|Airport|College|Harbor|Valley|Forest|Hillcrest|Magnolia|Pecan|Cypress',
);

/** Street suffixes. */
export const STREET_SUFFIXES = list('St|Ave|Blvd|Rd|Dr|Pkwy|Way|Ln|Hwy');

/** Neighbourhood words for clinic and school names. */
export const PLACE_WORDS = list(
  'Northside|Lakeside|Westgate|Riverside|Eastview|Parkway|Hillcrest|Southpoint|Midtown|Brookhaven|' +
    'Fairview|Oak Park|Pinecrest|Sunrise|Meadowbrook|Stonebridge|Willow Creek|Cedar Hill|Maple Grove|' +
    'Bluebonnet|Prairie View|Canyon Ridge|Golden Valley|Harmony|Heritage|Liberty|Pioneer|Silver Lake|' +
    'Timberline|Vista|Wildflower|Redbud|Juniper|Aspen|Copper Hills|Deer Creek|Foxwood|Greenfield|Ironwood|' +
    'Kingsley',
);

/** First names for contacts. */
export const FIRST_NAMES = list(
  'Avery|Jordan|Morgan|Taylor|Casey|Riley|Quinn|Harper|Elena|Marcus|Priya|Daniel|Grace|Hector|Naomi|Owen|Sofia|Wesley|Yara|Lucas',
);

/** Last names for contacts. */
export const LAST_NAMES = list(
  'Bennett|Castillo|Dawson|Ellis|Fischer|Garrison|Holloway|Iverson|Jensen|Kowalski|Lindqvist|Moreno|' +
    'Nakamura|Okafor|Patel|Reyes|Sullivan|Thornton|Vance|Whitaker',
);

/** Haulers for trash accounts. */
export const TRASH_VENDORS = [
  'Evergreen Waste Services',
  'Clean Earth Hauling',
  'GreenCycle Waste Solutions',
] as const;

/** Carriers for telecom accounts. */
export const TELECOM_VENDORS = ['Lightwave Communications', 'Skyline Fiber', 'Keystone Telecom'] as const;

/** The water and sewer utility of a city. */
export function waterVendor(city: string): string {
  return `City of ${city} Water Utilities`;
}

/** Competitive suppliers that sign the supply contracts; they are vendors too. */
export const SUPPLIERS = {
  electric: [
    'Bluebonnet Energy Supply',
    'Crossroads Power Marketing',
    'Horizon Retail Energy',
    'Northstar Energy Services',
  ],
  natural_gas: ['Meridian Gas Marketing', 'Prairie Fuel Supply', 'Tri-State Gas Services'],
} as const;
