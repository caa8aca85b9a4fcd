// Seeded randomness for the demo data: the same seed and labels always give the same stream, so the seed is
// reproducible, and every area draws from its own labelled stream so adding rows to one area never shifts another.

/** 32-bit FNV-1a hash of a text, used to turn stream labels into seeds. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A mulberry32 generator with the helpers the seed needs; never Math.random. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An unsigned 32-bit integer. */
  uint32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick needs a non-empty list');
    return item;
  }

  /** One element chosen with the given weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let roll = this.next() * total;
    for (let i = 0; i < items.length; i += 1) {
      roll -= weights[i] ?? 0;
      const item = items[i];
      if (roll < 0 && item !== undefined) return item;
    }
    return this.pick(items);
  }

  /** Up to `count` distinct elements, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i += 1) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy.slice(0, n);
  }

  /** Roughly normal noise (Irwin–Hall of 4 uniforms), mean 0 and standard deviation `sd`. */
  noise(sd: number): number {
    const sum = this.next() + this.next() + this.next() + this.next();
    // The sum of 4 uniforms has variance 4/12, so scale by sqrt(3) to get unit variance.
    return (sum - 2) * Math.sqrt(3) * sd;
  }

  /** A string of `length` decimal digits (leading zeros kept). */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += String(Math.floor(this.next() * 10));
    return out;
  }

  /** A v4-shaped UUID made of this stream's bytes, so ids are stable across runs. */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const word = this.uint32();
      bytes.push(word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff);
    }
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((b) => HEX[b] ?? '00').join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

/** A stream for one purpose: the seed and the labels (company key, area...) pick it. */
export function rngFor(seed: number, ...labels: (string | number)[]): Rng {
  return new Rng(hashText(`${seed}|${labels.join('|')}`));
}

/** A UUID determined by a name alone (vendors shared by every company and every run). */
export function uuidFromName(name: string): string {
  return new Rng(hashText(`name-uuid|${name}`)).uuid();
}
