/** Placeholder of the chat textarea when the bot has not supplied one (spec 000 §2). */
export const CHAT_DEFAULT_PLACEHOLDER = 'Message Get AI';

/** Told to the bot when a report it asked for has no rows (spec 000 §4). */
export const CHAT_REPORT_EMPTY_TEXT = 'Report returned 0 rows.';

/** Server reply meaning the chat session is gone; seeing it clears the stored chat (spec 001 §8). */
export const CHAT_SESSION_EXPIRED_TEXT = 'Session expired, please restart the chat.';

/** Appended to ticket descriptions the assistant creates, so support staff know no person typed them. */
export const CHAT_TICKET_NOTE = '\n\nThis ticket was created by GET AI.';

/** Textarea rows: it starts at one line and stops growing at ten (spec 000 §9). */
export const CHAT_TEXTAREA_ROWS = { min: 1, max: 10 } as const;

/** Chat panel size in pixels. */
export type ChatWindowSize = { readonly width: number; readonly height: number };

// Upper bounds are exclusive, as in spec 000 §9 ("under 576 gets 300px").
const WIDTH_STEPS: readonly (readonly [below: number, size: number])[] = [
  [576, 300],
  [992, 500],
  [1200, 600],
  [1920, 750],
];
const HEIGHT_STEPS: readonly (readonly [below: number, size: number])[] = [
  [500, 250],
  [700, 400],
  [900, 500],
  [1080, 740],
];

function stepSize(screen: number, steps: readonly (readonly [number, number])[], largest: number): number {
  return steps.find(([below]) => screen < below)?.[1] ?? largest;
}

/** Chat panel size for a screen, so the panel never covers a small screen entirely. */
export function chatWindowSize(screenWidth: number, screenHeight: number): ChatWindowSize {
  return {
    width: stepSize(screenWidth, WIDTH_STEPS, 900),
    height: stepSize(screenHeight, HEIGHT_STEPS, 800),
  };
}

/** Adds the assistant note once, so retrying a ticket creation does not stack notes. */
export function withTicketNote(description: string): string {
  return description.endsWith(CHAT_TICKET_NOTE) ? description : `${description}${CHAT_TICKET_NOTE}`;
}
