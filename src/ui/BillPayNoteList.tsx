import type { BillPayNote } from '../api/billPay';
import { EMPTY_CELL_TEXT, formatDay } from '../domain/format';
import './billPay.css';

/** The bill pay team's notes on a bill, each with its author and day (spec 001 §3). */
export function BillPayNoteList({ notes }: { notes: readonly BillPayNote[] }) {
  return (
    <ul className="billpay-files">
      {notes.map((note) => (
        <li key={note.id} className="billpay-files__item">
          <span>{note.note}</span>
          <span className="muted">
            {note.authorName}, {formatDay(note.createdAt) ?? EMPTY_CELL_TEXT}
          </span>
        </li>
      ))}
    </ul>
  );
}
