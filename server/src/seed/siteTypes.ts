// Kinds of sites each demo company has, with typical size and monthly use per square foot (rough CBECS-like
// figures: grocery and hospitals run hot, warehouses and schools cool).

/** A kind of site and how much energy and water it uses per square foot per month. */
export interface SiteType {
  name: string;
  weight: number;
  sqft: readonly [min: number, max: number];
  kwhPerSqft: number;
  thermsPerSqft: number;
  gallonsPerSqft: number;
}

function site(
  name: string,
  weight: number,
  sqft: readonly [number, number],
  use: readonly [number, number, number],
): SiteType {
  const [kwhPerSqft, thermsPerSqft, gallonsPerSqft] = use;
  return { name, weight, sqft, kwhPerSqft, thermsPerSqft, gallonsPerSqft };
}

/** Northwind Retail (and scale companies): stores, distribution centers, offices. */
export const RETAIL: readonly SiteType[] = [
  site('Retail Store', 80, [18000, 65000], [1.45, 0.022, 0.6]),
  site('Distribution Center', 6, [250000, 600000], [0.55, 0.015, 0.25]),
  site('Office', 4, [30000, 90000], [1.2, 0.03, 0.8]),
];

/** Harbor Foods: grocery stores, warehouses and processing plants. */
export const FOOD: readonly SiteType[] = [
  site('Grocery Store', 70, [28000, 60000], [3.4, 0.05, 1.8]),
  site('Warehouse', 15, [120000, 350000], [0.9, 0.018, 0.3]),
  site('Processing Plant', 8, [80000, 200000], [2.6, 0.11, 4.5]),
];

/** Summit Health: clinics, urgent care, hospitals and medical offices. */
export const HEALTH: readonly SiteType[] = [
  site('Clinic', 60, [6000, 22000], [1.5, 0.035, 1.2]),
  site('Urgent Care', 20, [4000, 9000], [1.7, 0.03, 1.3]),
  site('Hospital', 8, [150000, 420000], [2.6, 0.12, 4]),
  site('Medical Office', 12, [12000, 45000], [1.3, 0.03, 0.9]),
];

/** Cedar Schools: schools, administration and transportation. */
export const SCHOOLS: readonly SiteType[] = [
  site('Elementary School', 55, [45000, 85000], [0.75, 0.045, 0.9]),
  site('Middle School', 20, [90000, 150000], [0.8, 0.048, 1]),
  site('High School', 15, [180000, 320000], [0.95, 0.05, 1.2]),
  site('Administration', 5, [20000, 50000], [1.1, 0.03, 0.6]),
  site('Transportation Depot', 5, [15000, 40000], [0.6, 0.04, 0.8]),
];
