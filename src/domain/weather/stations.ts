/**
 * Weather stations and which one serves a site. The bundled stations
 * (bundled/stationTemperatures.json, sources in bundled/README.md) let the device and
 * the server compute degree days without a network; the server adds NOAA
 * GHCN-Daily data for the same station ids when it can reach NCEI.
 */
import bundled from './bundled/stationTemperatures.json';
import { addDays, type DailyTemperatures } from './degreeDays';

export interface WeatherStation {
  /** ICAO call sign, as the bundled source names the station. */
  icao: string;
  /** The station's GHCN-Daily id, what NOAA's NCEI API is asked for. */
  ghcnId: string;
  name: string;
  latitude: number;
  longitude: number;
}

interface BundledStation extends WeatherStation {
  firstDate: string;
  /** Daily mean °F from `firstDate`, one per day; null where the source has none. */
  dailyMeanF: (number | null)[];
}

const BUNDLED: readonly BundledStation[] = (bundled as { stations: BundledStation[] }).stations;

export const BUNDLED_STATIONS: readonly WeatherStation[] = BUNDLED.map(
  ({ icao, ghcnId, name, latitude, longitude }) => ({ icao, ghcnId, name, latitude, longitude }),
);

/** The bundled daily mean temperatures of a station (empty for a station not bundled). */
export function bundledTemperatures(ghcnId: string): Map<string, number> {
  const station = BUNDLED.find((s) => s.ghcnId === ghcnId);
  const temperatures = new Map<string, number>();
  station?.dailyMeanF.forEach((value, day) => {
    if (value !== null) temperatures.set(addDays(station.firstDate, day), value);
  });
  return temperatures;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/**
 * Where a state's sites are placed when only the state is known: its largest
 * or capital city's coordinates (city centre, to 0.01°). Sites carry a city,
 * state and ZIP but no coordinates, so the station is chosen per state.
 */
export const STATE_REFERENCE_POINTS: Readonly<
  Record<string, { city: string; latitude: number; longitude: number }>
> = {
  AZ: { city: 'Phoenix', latitude: 33.45, longitude: -112.07 },
  CA: { city: 'Los Angeles', latitude: 34.05, longitude: -118.24 },
  CO: { city: 'Denver', latitude: 39.74, longitude: -104.99 },
  FL: { city: 'Orlando', latitude: 28.54, longitude: -81.38 },
  GA: { city: 'Atlanta', latitude: 33.75, longitude: -84.39 },
  IL: { city: 'Chicago', latitude: 41.88, longitude: -87.63 },
  LA: { city: 'New Orleans', latitude: 29.95, longitude: -90.07 },
  NC: { city: 'Charlotte', latitude: 35.23, longitude: -80.84 },
  NM: { city: 'Albuquerque', latitude: 35.08, longitude: -106.65 },
  NY: { city: 'New York', latitude: 40.71, longitude: -74.01 },
  OH: { city: 'Columbus', latitude: 39.96, longitude: -83.0 },
  OK: { city: 'Oklahoma City', latitude: 35.47, longitude: -97.52 },
  PA: { city: 'Philadelphia', latitude: 39.95, longitude: -75.17 },
  TX: { city: 'Houston', latitude: 29.76, longitude: -95.37 },
  WA: { city: 'Seattle', latitude: 47.61, longitude: -122.33 },
};

export interface SiteStation {
  station: WeatherStation;
  /** The point the distance is measured from. */
  referenceCity: string;
  distanceMiles: number;
}

/** The nearest station to a state's reference point; null for a state without one. */
export function stationForState(
  state: string,
  stations: readonly WeatherStation[] = BUNDLED_STATIONS,
): SiteStation | null {
  const point = STATE_REFERENCE_POINTS[state];
  if (point === undefined) return null;
  return stations.reduce<SiteStation | null>((best, station) => {
    const distance = distanceMiles(point, station);
    return best === null || distance < best.distanceMiles
      ? { station, referenceCity: `${point.city}, ${state}`, distanceMiles: distance }
      : best;
  }, null);
}

export interface TemperatureCoverage {
  firstDate: string | null;
  lastDate: string | null;
  daysWithData: number;
  /** Days with data / calendar days from first to last. */
  completeness: number;
}

/** What span a station's temperatures cover and how completely. */
export function temperatureCoverage(temperatures: DailyTemperatures): TemperatureCoverage {
  const dates = [...temperatures.keys()].sort();
  const firstDate = dates[0] ?? null;
  const lastDate = dates.at(-1) ?? null;
  if (firstDate === null || lastDate === null)
    return { firstDate, lastDate, daysWithData: 0, completeness: 0 };
  const span = (Date.parse(lastDate) - Date.parse(firstDate)) / 86_400_000 + 1;
  return { firstDate, lastDate, daysWithData: dates.length, completeness: dates.length / span };
}
