import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { createWizard, isFirst, isLast, jumpTo, next, previous } from '../domain/wizard';
import type { WizardState } from '../domain/wizard';
import './controls.css';
import './wizard.css';

/** One step of a wizard. beforeChange (sync or async) must return true before the wizard moves on. */
export type WizardStep = {
  id: string;
  title: string;
  content: ReactNode;
  beforeChange?: () => boolean | Promise<boolean>;
};

/** Props of a wizard; the step list is fixed for its life (give it a new key to start over). */
export type WizardProps = {
  steps: readonly WizardStep[];
  /** Called by Finish on the last step, after that step's beforeChange passed. */
  onFinish: () => void | Promise<void>;
  onStepChange?: (index: number) => void;
  /** Accessible name of the wizard. */
  label: string;
  className?: string;
};

async function passes(step: WizardStep | undefined): Promise<boolean> {
  if (!step?.beforeChange) return true;
  try {
    return (await step.beforeChange()) === true;
  } catch {
    return false;
  }
}

/**
 * A step-by-step form on src/domain/wizard.ts: Previous / Next / Finish, Next and Finish gated by the
 * step's beforeChange; reached (checked) steps carry a check mark and can be jumped to.
 */
export function Wizard({ steps, onFinish, onStepChange, label, className }: WizardProps) {
  const headingId = useId();
  const [state, setState] = useState<WizardState>(() => createWizard(steps.length));
  const [isBusy, setIsBusy] = useState(false);
  const busy = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.current);
  const currentIndex = state.current;
  const step = steps[currentIndex];

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step's title, not on a vanished button.
    if (shownStep.current === currentIndex) return;
    shownStep.current = currentIndex;
    headingRef.current?.focus();
  }, [currentIndex]);

  const move = (nextState: WizardState) => {
    if (nextState.current === state.current) return;
    setState(nextState);
    onStepChange?.(nextState.current);
  };

  /** Runs work with the buttons locked (aria-disabled, so focus stays where it is); a second press is ignored. */
  const locked = async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setIsBusy(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setIsBusy(false);
    }
  };

  const onNext = () =>
    locked(async () => {
      const canAdvance = await passes(step);
      if (!isLast(state)) move(next(state, canAdvance));
      else if (canAdvance) await onFinish();
    });

  const onPrevious = () => {
    if (!busy.current) move(previous(state));
  };

  const onJump = (index: number) =>
    locked(async () => {
      // Back to any reached step freely; forward to a reached step only past the current step's check.
      if (index > state.current && !(await passes(step))) return;
      move(jumpTo(state, index));
    });

  return (
    <section
      className={className ? `wizard ${className}` : 'wizard'}
      aria-label={label}
      aria-busy={isBusy || undefined}
    >
      <ol className="wizard__steps">
        {steps.map((item, index) => {
          const isCurrent = index === state.current;
          const isChecked = state.checked[index] === true;
          const isDone = isChecked && !isCurrent;
          return (
            <li
              key={item.id}
              className="wizard__step"
              data-state={isCurrent ? 'current' : isChecked ? 'checked' : 'todo'}
            >
              <button
                type="button"
                className="wizard__step-button"
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!isChecked}
                aria-disabled={(isChecked && isBusy) || undefined}
                onClick={() => void onJump(index)}
              >
                <span className="wizard__step-marker" aria-hidden="true">
                  {isDone ? <Check size={16} strokeWidth={3} /> : index + 1}
                </span>
                <span className="wizard__step-title">
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {item.title}
                  {isDone && <span className="visually-hidden"> (done)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="wizard__body" role="group" aria-labelledby={headingId}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="wizard__title">
          {step?.title}
        </h3>
        <div>{step?.content}</div>
      </div>
      <div className="wizard__actions">
        {!isFirst(state) && (
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={isBusy || undefined}
            onClick={onPrevious}
          >
            Previous
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          aria-disabled={isBusy || undefined}
          onClick={() => void onNext()}
        >
          {isLast(state) ? 'Finish' : 'Next'}
        </button>
      </div>
    </section>
  );
}
