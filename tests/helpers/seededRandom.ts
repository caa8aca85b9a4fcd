/** Seeded uniform random numbers in [0, 1) (mulberry32): generated test data that repeats, so a failure repeats. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Daily mean temperatures (°F) from `start` up to `endExclusive`: a seasonal cycle around 55 °F (coldest mid-January,
 * ±22 °F) with up to ±7 °F of daily noise, the shape the weather tests fit their generated loads on.
 */
export function seasonalTemperatures(random: () => number, dates: readonly string[]): Map<string, number> {
  return new Map(
    dates.map((date, day) => [
      date,
      55 - 22 * Math.cos((2 * Math.PI * (day - 15)) / 365) + (random() - 0.5) * 14,
    ]),
  );
}
