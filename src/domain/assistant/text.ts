// Text helpers of the assistant's planner (spec 000 §1 chat, docs/decisions/assistant.md Planner): lower-cased words, and a
// forgiving match of misspelt words against the planner's own vocabulary, so "emisions" still means emissions.

/** The words of an utterance, lower-cased, without punctuation (apostrophes and digits kept). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9'&\-.\s]/g, ' ')
    .replace(/(?<![0-9])\.|\.(?![0-9])/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter((word) => word !== '');
}

/** Optimal string alignment distance (Levenshtein plus swapped neighbours): "recieve" is one step from "receive". */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1)
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/** How many edits a word of this length may carry and still match: none for short words, where guesses mislead. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * The vocabulary word a word stands for: itself when known, else the one nearest within the allowed edits, when
 * exactly one is nearest (a tie is no guess at all).
 */
export function correctWord(word: string, vocabulary: ReadonlySet<string>): string {
  if (vocabulary.has(word) || /[0-9]/.test(word)) return word;
  const limit = allowedEdits(word.length);
  if (limit === 0) return word;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) tie = true;
  }
  return best !== undefined && !tie ? best : word;
}

/** Whether `phrase` (words) occurs in `words` in order, side by side; the index of its first word or -1. */
export function indexOfPhrase(words: readonly string[], phrase: readonly string[]): number {
  outer: for (let i = 0; i + phrase.length <= words.length; i += 1) {
    for (let j = 0; j < phrase.length; j += 1) if (words[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}
