import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';

/** The four message tones shared by dialogs, popups and toasts. */
export type Tone = 'info' | 'success' | 'warning' | 'error';

const ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

/** The decorative icon of a tone, coloured by the tone's theme variable (the text says the same). */
export function ToneIcon({ tone, size = 20 }: { tone: Tone; size?: number }) {
  const Icon = ICONS[tone];
  return <Icon className={`tone-icon tone-icon--${tone}`} size={size} aria-hidden="true" focusable="false" />;
}
