// Services, states and places in an utterance (docs/decisions/assistant.md Planner). Places come from the company's own
// locations (names and cities), handed in by the caller: the server reads them from its tables, the device from
// its local database. A name or city is data, never an instruction: it only ever selects location ids.
import { emissionScope } from '../emissions';
import { SERVICE_TYPES, serviceLabel } from '../serviceTypes';
import { STATES } from '../states';
import { editDistance, allowedEdits, indexOfPhrase, wordsOf } from './text';

/** Words people use for a service, by its API value. */
const SERVICE_WORDS: readonly (readonly [phrase: string, service: string])[] = [
  // Not a service: "greenhouse gas" is about emissions, so it only takes its words away from "gas".
  ['greenhouse gas', ''],
  ['natural gas', 'natural_gas'],
  ['nat gas', 'natural_gas'],
  ['gas', 'natural_gas'],
  ['electricity', 'electric'],
  ['electric', 'electric'],
  ['power', 'electric'],
  ['kwh', 'electric'],
  ['water', 'water'],
  ['sewer', 'sewer'],
  ['sewage', 'sewer'],
  ['trash', 'trash'],
  ['garbage', 'trash'],
  ['waste', 'trash'],
  ['telecom', 'telecom'],
  ['propane', 'propane'],
  ['fuel oil', 'fuel_oil'],
  ['heating oil', 'fuel_oil'],
  ['steam', 'steam'],
  ['district heat', 'district_heat'],
  ['lighting', 'lighting'],
  ['irrigation', 'irrigation'],
  ['internet', 'internet'],
  ['cable', 'cable'],
  ['recycling', 'recycling'],
  ['storm water', 'storm_water'],
  ['stormwater', 'storm_water'],
  ['sanitation', 'sanitation'],
];

/** Single words of the service phrases, for the spelling vocabulary. */
export const SERVICE_VOCABULARY: readonly string[] = [
  ...new Set(SERVICE_WORDS.flatMap(([phrase]) => phrase.split(' '))),
];

/** The services an utterance names, in the spec's table order; "scope 2" names the services of that scope. */
export function servicesIn(words: readonly string[]): string[] {
  const found = new Set<string>();
  const taken = new Set<number>();
  // Longer phrases first, so "storm water" is not read as water.
  const phrases = [...SERVICE_WORDS].sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);
  for (const [phrase, service] of phrases) {
    const parts = phrase.split(' ');
    const at = indexOfPhrase(words, parts);
    if (at < 0 || parts.some((_, k) => taken.has(at + k))) continue;
    // "gas" after "natural" was taken by "natural gas"; "oil" alone is too vague to be fuel oil.
    parts.forEach((_, k) => taken.add(at + k));
    if (service !== '') found.add(service);
  }
  for (let i = 0; i < words.length - 1; i += 1) {
    if (words[i] !== 'scope') continue;
    const scope = Number(words[i + 1]);
    if (scope === 1 || scope === 2)
      for (const type of SERVICE_TYPES) if (emissionScope(type.value) === scope) found.add(type.value);
  }
  const order = SERVICE_TYPES.map((type) => type.value);
  return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** How the bot names services back: "Electricity, Natural Gas". */
export function servicesLabel(services: readonly string[]): string {
  return services.map(serviceLabel).join(', ');
}

const STATE_NAMES = STATES.map((state) => ({ key: state.key, words: wordsOf(state.label) }));

/** Two-letter codes that are common English words or abbreviations: a code only when written in capitals. */
const STATE_CODES = new Set(STATES.map((state) => state.key));

/**
 * The states an utterance names: full names in any case ("texas", "new york", "Texs"), or codes in capitals
 * ("TX"), since "in", "or", "me" and "ok" are words.
 */
export function statesIn(raw: string, words: readonly string[]): string[] {
  const found = new Set<string>();
  for (const state of STATE_NAMES) {
    if (indexOfPhrase(words, state.words) >= 0) found.add(state.key);
    else if (state.words.length === 1) {
      const name = state.words[0]!;
      const limit = allowedEdits(name.length);
      if (limit > 0 && words.some((word) => word.length > 4 && editDistance(word, name) <= limit))
        found.add(state.key);
    }
  }
  for (const match of raw.matchAll(/\b([A-Z]{2})\b/g)) if (STATE_CODES.has(match[1]!)) found.add(match[1]!);
  return [...found].sort();
}

/** A location of the chat's company, as the planner needs it. */
export interface PlaceLocation {
  id: string;
  name: string;
  city: string;
  state: string;
}

/** The cities an utterance names, matched against the company's locations' cities (misspellings allowed). */
export function citiesIn(words: readonly string[], locations: readonly PlaceLocation[]): string[] {
  const cities = [
    ...new Set(locations.map((location) => location.city).filter((city) => city.trim() !== '')),
  ];
  const found: string[] = [];
  for (const city of cities) {
    const parts = wordsOf(city);
    if (parts.length === 0) continue;
    if (indexOfPhrase(words, parts) >= 0) found.push(city);
    else if (parts.length === 1) {
      const limit = allowedEdits(parts[0]!.length);
      if (limit > 0 && words.some((word) => word.length > 4 && editDistance(word, parts[0]!) <= limit))
        found.push(city);
    }
  }
  return found.sort();
}

/** Words that say what the user wants, not which site: left out when matching a site's name. */
const NOT_NAME_WORDS = new Set([
  'open',
  'show',
  'go',
  'to',
  'the',
  'a',
  'an',
  'me',
  'take',
  'navigate',
  'location',
  'locations',
  'site',
  'sites',
  'page',
  'store',
  'please',
  'for',
  'of',
  'at',
  'view',
  'see',
  'find',
  'bring',
  'up',
  'details',
  'detail',
  'i',
  'want',
  'can',
  'you',
  'could',
  'would',
  'like',
  'let',
  "let's",
  'lets',
  'jump',
  'display',
]);

/** The company's locations whose name holds the words the user gave for a site ("the Main Street location"). */
export function locationsNamed(
  words: readonly string[],
  locations: readonly PlaceLocation[],
): PlaceLocation[] {
  const wanted = words.filter((word) => !NOT_NAME_WORDS.has(word));
  if (wanted.length === 0) return [];
  const exact = locations.filter((location) => indexOfPhrase(wordsOf(location.name), wanted) >= 0);
  if (exact.length > 0) return exact;
  // Forgiving: every wanted word is near some word of the name ("Main Stret").
  return locations.filter((location) => {
    const nameWords = wordsOf(location.name);
    return wanted.every((word) =>
      nameWords.some((part) => part === word || editDistance(part, word) <= allowedEdits(word.length)),
    );
  });
}
