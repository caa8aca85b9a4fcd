import { useId } from 'react';
import { clampProgress } from '../domain/progress';
import './progress.css';

/** Props of a progress bar; value is a percentage, kept within 0–100. */
export type ProgressBarProps = {
  value: number;
  /** Visible label above the bar; also its accessible name. */
  label?: string;
  /** Accessible name when no visible label is wanted (default 'Progress'). */
  ariaLabel?: string;
  /** Shows the rounded percentage next to the label (default true). */
  hasValueText?: boolean;
  tone?: 'primary' | 'success' | 'warning' | 'danger';
  className?: string;
};

/** A determinate progress bar: role="progressbar", aria-valuenow clamped by clampProgress, 0 to 100. */
export function ProgressBar({
  value,
  label,
  ariaLabel = 'Progress',
  hasValueText = true,
  tone = 'primary',
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const clamped = clampProgress(value);
  const text = `${Math.round(clamped)}%`;
  return (
    <div className={className ? `progress ${className}` : 'progress'} data-tone={tone}>
      {(label !== undefined || hasValueText) && (
        <div className="progress__header">
          {label !== undefined && (
            <span id={labelId} className="progress__label">
              {label}
            </span>
          )}
          {hasValueText && (
            <span className="progress__value" aria-hidden="true">
              {text}
            </span>
          )}
        </div>
      )}
      <div
        role="progressbar"
        className="progress__track"
        aria-valuenow={clamped}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={text}
        aria-labelledby={label !== undefined ? labelId : undefined}
        aria-label={label === undefined ? ariaLabel : undefined}
      >
        <div className="progress__fill" style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
