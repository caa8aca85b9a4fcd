import { useLiveQuery } from 'dexie-react-hooks';
import { useUserDb } from '../../platform/database';
import { discardSetAside, dismissRejected, keepMine, retrySetAside, takeTheirs } from '../../db/outbox';
import type { AppDb } from '../../db/schema';
import type { OutboxEntry } from '../../db/syncRows';
import { conflictFields, conflictSets, describeWrite } from '../../sync/syncFormat';
import type { ConflictLine, RowLabeller } from '../../sync/syncFormat';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';

const isSiteTagKey = (key: string) => key.startsWith('siteTags/');

const STATUS_TEXT: Record<OutboxEntry['status'], string> = {
  pending: 'Waiting to send',
  sending: 'Sending…',
  conflict: 'Changed by someone else',
  rejected: 'Refused by the server',
  setAside: 'Set aside after server errors',
};

const CONFLICT_COLUMNS: readonly TableColumn<ConflictLine>[] = [
  { key: 'field', header: 'Field', isRowHeader: true, render: (row) => row.field },
  { key: 'mine', header: 'Yours', render: (row) => row.mine },
  { key: 'theirs', header: 'On the server', render: (row) => row.theirs },
];

/** One of the two ways out of a write the server did not take: what it says and what it does to the entry. */
interface EntryAction {
  label: string;
  run: (db: AppDb, seq: number) => Promise<unknown>;
}

/** Props of the two buttons: the entry and its two ways out. */
type EntryChoiceProps = { db: AppDb; seq: number; first: EntryAction; second: EntryAction };

/** The two buttons of a conflict or a set-aside write: the first is the usual choice. */
function EntryChoice({ db, seq, first, second }: EntryChoiceProps) {
  return (
    <div className="write-queue__buttons">
      <button type="button" className="btn btn--primary" onClick={() => void first.run(db, seq)}>
        {first.label}
      </button>
      <button type="button" className="btn btn--secondary" onClick={() => void second.run(db, seq)}>
        {second.label}
      </button>
    </div>
  );
}

/**
 * Queued writes with their state; conflicts show both versions, rejections the reason, set-aside writes the server's
 * answer.
 */
export function WriteQueue({ entries }: { entries: OutboxEntry[] }) {
  const db = useUserDb();
  // A set of tags reads as the tags' texts; only conflicts of tag sets need them.
  const needsTags = entries.some((entry) => entry.status === 'conflict' && entry.rowKeys.some(isSiteTagKey));
  const tagTexts = useLiveQuery(
    async () =>
      db && needsTags ? new Map((await db.tags.toArray()).map((tag) => [tag.id, tag.text])) : null,
    [db, needsTags],
  );
  if (!db) return null;
  const labelOf: RowLabeller = (entity, row) => {
    if (entity === 'siteTags') return tagTexts?.get(String(row.tagId)) ?? 'a tag not on this device';
    if (entity === 'customAttributes')
      return typeof row.attributeName === 'string' ? row.attributeName : null;
    return null;
  };
  return (
    <>
      <h3>Changes made on this device</h3>
      {entries.length === 0 ? (
        <p className="muted">Every change has reached the server.</p>
      ) : (
        <ul className="write-queue">
          {entries.map((entry) => (
            <li key={entry.seq} className="write-queue__item" data-status={entry.status}>
              <div className="write-queue__head">
                <span>{describeWrite(entry)}</span>
                <span className="write-queue__status">{STATUS_TEXT[entry.status]}</span>
              </div>
              {entry.lastError && entry.status === 'pending' ? (
                <p className="write-queue__note">
                  Last try: {entry.lastError} ({entry.attempts}{' '}
                  {entry.attempts === 1 ? 'attempt' : 'attempts'})
                </p>
              ) : null}
              {entry.status === 'conflict' ? (
                <>
                  <ActionTable
                    caption="Your version and the server's version"
                    columns={CONFLICT_COLUMNS}
                    rows={entry.answerRows ? conflictSets(entry, labelOf) : conflictFields(entry)}
                    getKey={(row) => row.field}
                    isCompact
                  />
                  <EntryChoice
                    db={db}
                    seq={entry.seq}
                    first={{ label: 'Keep mine', run: keepMine }}
                    second={{ label: 'Take theirs', run: takeTheirs }}
                  />
                </>
              ) : null}
              {entry.status === 'rejected' ? (
                <div className="write-queue__rejected">
                  <p>
                    {entry.rejection?.reason ?? 'The server refused this change.'} The change was undone on
                    this device.
                  </p>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => void dismissRejected(db, entry.seq)}
                  >
                    Dismiss
                  </button>
                </div>
              ) : null}
              {entry.status === 'setAside' ? (
                <>
                  <p className="write-queue__explain">
                    The server could not save this change after {entry.serverFailures ?? 0} tries, so it was
                    set aside and your other changes went on; later changes to the same item wait for it. It
                    still shows on this device.
                  </p>
                  <p className="write-queue__note">
                    Server’s answer: HTTP {entry.setAside?.status ?? '—'}
                    {entry.setAside?.reason ? ` — ${entry.setAside.reason}` : ''}
                  </p>
                  <EntryChoice
                    db={db}
                    seq={entry.seq}
                    first={{ label: 'Retry', run: retrySetAside }}
                    second={{ label: 'Discard', run: discardSetAside }}
                  />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
