// Choices of a searchable list (the reports' several-value filters, the Bills page's account, site and vendor
// filters): what a search matches and how many a list shows before it asks for a narrower search.

/** One choice of a list. */
export type Choice = { readonly value: string; readonly label: string };

/** How many choices a long list shows before it asks for a search (a list renders only what it shows). */
export const SHOWN_CHOICES = 200;

/** The choices whose label holds the search text, case-insensitively; all of them for an empty search. */
export function matchingChoices(choices: readonly Choice[], search: string): readonly Choice[] {
  const query = search.trim().toLowerCase();
  return query === '' ? choices : choices.filter((choice) => choice.label.toLowerCase().includes(query));
}

/** The line under a list cut at `shown`: how many more match. */
export function moreChoicesText(matching: number, shown: number): string {
  return `${matching - shown} more — search to narrow the list.`;
}
