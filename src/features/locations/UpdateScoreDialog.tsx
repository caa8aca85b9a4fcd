import { useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { updateEsScore } from '../../db/mutations/energyStar';
import { ES_SCORE_RANGE } from '../../domain/energyStar';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/fields/TextField';
import { useOpenGeneration } from '../../ui/useOpenGeneration';
import { useSaveOrProblem } from '../../ui/useSaveOrProblem';

/** Today as `YYYY-MM-DD` in the user's own calendar (the day they set the score). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type Props = { isOpen: boolean; onClose: () => void; locationId: string; siteName: string };

/** What the save found wrong, on the field that shows it. */
type ScoreProblem = { field: 'score' | 'date'; text: string };

function ScoreForm({ isOpen, onClose, locationId, siteName }: Props) {
  const db = useUserDb();
  const isOnline = useOnline();
  const [score, setScore] = useState('');
  const [date, setDate] = useState(today);
  const save = useSaveOrProblem<ScoreProblem>(onClose);
  const errorOf = (field: ScoreProblem['field']) =>
    save.problem?.field === field ? save.problem.text : null;

  /** Queues the score; the rule's answer is a problem with the score or the date, or none. */
  const update = async (): Promise<ScoreProblem | null> => {
    if (!db) throw new Error('You are signed out.');
    const value = score.trim() === '' ? Number.NaN : Number(score);
    const result = await updateEsScore(db, locationId, value, date);
    if (result.ok) return null;
    return result.problem === 'must be a date'
      ? { field: 'date', text: 'Pick a date.' }
      : { field: 'score', text: `The score ${result.problem}.` };
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Update ENERGY STAR score"
      // Two fields side by side: the small dialog cut the date field's text.
      size="md"
      lead={
        <>
          Site <strong>{siteName}</strong>
        </>
      }
      isOffline={!isOnline}
      onSave={() => save.run(update)}
    >
      <div className="form__row">
        <TextField
          label="Score"
          required
          type="number"
          inputMode="numeric"
          min={ES_SCORE_RANGE.min}
          max={ES_SCORE_RANGE.max}
          step={1}
          value={score}
          onChange={(next) => {
            setScore(next);
            save.setProblem(null);
          }}
          error={errorOf('score')}
          hint={`A whole number from ${ES_SCORE_RANGE.min} to ${ES_SCORE_RANGE.max}.`}
          data-autofocus
        />
        <TextField
          label="Score date"
          required
          type="date"
          value={date}
          onChange={(next) => {
            setDate(next);
            save.setProblem(null);
          }}
          error={errorOf('date')}
          hint="The score is kept on the month of this day."
        />
      </div>
    </FormDialog>
  );
}

/** 'Update ENERGY STAR score': score and date, queued through the outbox (PUT updateEsScore), offline too. */
export function UpdateScoreDialog(props: Props) {
  const generation = useOpenGeneration(props.isOpen);
  return <ScoreForm key={generation} {...props} />;
}
