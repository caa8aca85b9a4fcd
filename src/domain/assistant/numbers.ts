// Numbers in an utterance (docs/decisions/assistant.md Planner): digits, number words and "a dozen", for "top 5 sites",
// "last twelve months" and "expiring within 90 days".

const UNITS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
  dozen: 12,
  hundred: 100,
};

/** Number words the planner knows, for its spelling vocabulary. */
export const NUMBER_WORDS: readonly string[] = Object.keys(UNITS).filter((word) => word.length > 2);

/** The number a word means ("12", "twelve", "1,000"), or undefined. "a"/"an" count only where `article` allows. */
export function numberOf(word: string | undefined, article = false): number | undefined {
  if (word === undefined) return undefined;
  if (/^[0-9][0-9,]*$/.test(word)) return Number(word.replace(/,/g, ''));
  if (!article && (word === 'a' || word === 'an')) return undefined;
  return UNITS[word];
}

/** The number right after one of the `leads` words ("top 5", "within 90 days"), if any. */
export function numberAfter(words: readonly string[], leads: readonly string[]): number | undefined {
  for (let i = 0; i < words.length - 1; i += 1) {
    if (!leads.includes(words[i]!)) continue;
    const next = words[i + 1] === 'the' ? words[i + 2] : words[i + 1];
    const value = numberOf(next);
    if (value !== undefined) return value;
  }
  return undefined;
}
