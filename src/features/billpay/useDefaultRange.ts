import { useState } from 'react';
import { addDays } from '../../domain/dates';
import type { DateRange } from './DateRangeFields';

/**
 * A range the user edits, starting as the 90 days up to the newest date of the rows (known once they load); the
 * user's own choice wins from the first edit.
 */
export function useDefaultRange(newest: string | undefined): [DateRange, (range: DateRange) => void] {
  const [picked, setPicked] = useState<DateRange | null>(null);
  const range =
    picked ?? (newest === undefined ? { from: '', to: '' } : { from: addDays(newest, -90), to: newest });
  return [range, setPicked];
}
