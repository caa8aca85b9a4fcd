// Tickets via chat (spec 000 §4 "Support ticket via chat"): the bot proposes the ticket, the user reviews
// its request type and description in the info dialog before anything is sent. The request type is only guessed
// from the description's words, as a default the user sees and can change; no guess is made when nothing fits.

/** Ordered: the first rule with a word in the description names the guess (a wrong reading beats "bill"). */
const TYPE_RULES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Portal Access', pattern: /\b(log ?in|sign ?in|password|2fa|locked out|access)\b/i },
  {
    name: 'Data Correction',
    pattern: /\b(wrong|incorrect|correct(ion)?|duplicated?|duplicates?|error|mistake|readings?)\b/i,
  },
  {
    name: 'Account Change',
    pattern: /\b(contact|address|close|closing|open(ing)?|transfer|move|moving|update|change)\b/i,
  },
  { name: 'Report Request', pattern: /\breports?\b/i },
  { name: 'Billing Question', pattern: /\b(bills?|invoices?|charges?|fees?|payments?|missing|late|paid)\b/i },
];

/** The id of the request type the description most likely asks for, among the company's types, or ''. */
export function guessRequestType(
  description: string,
  types: readonly { id: string; name: string }[],
): string {
  for (const rule of TYPE_RULES) {
    if (!rule.pattern.test(description)) continue;
    const type = types.find((candidate) => candidate.name.toLowerCase() === rule.name.toLowerCase());
    if (type) return type.id;
  }
  return '';
}
