import type { CSSProperties, ReactNode } from 'react';

/** The inline style telling the CSS how many characters a card's figure has. */
export type FigureFitStyle = CSSProperties & { '--figure-chars'?: number };

/**
 * `--figure-chars` for a card whose figure is text: cards.css shrinks such a figure just enough to fit its
 * card (a container query on the card's width), so a large amount ('$27,932,307.96') stays whole and inside its
 * card while the cards keep one width. Figures that are elements keep their size.
 */
export function figureFitStyle(value: ReactNode): FigureFitStyle {
  return typeof value === 'string' || typeof value === 'number'
    ? { '--figure-chars': String(value).length }
    : {};
}
