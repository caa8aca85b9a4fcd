import type { LucideIcon } from 'lucide-react';

/** Props of an icon button. */
export type IconButtonProps = {
  icon: LucideIcon;
  /** What the button does to what, for screen readers ("Download March.xlsx"). */
  label: string;
  /** The verb shown on hover ("Download"). */
  title: string;
  isDisabled?: boolean;
  /** The action runs (a download): the button is disabled and says it is busy. */
  isBusy?: boolean;
  onClick: () => void;
  /** A smaller button, in a dense row (a dialog's list). */
  isSmall?: boolean;
  /** Classes in place of the quiet look, for a button styled by its widget (a pager's step). */
  className?: string;
};

/** A quiet button showing only its icon, as a table row's Download, Edit or Delete. */
export function IconButton({
  icon: Icon,
  label,
  title,
  isDisabled = false,
  isBusy,
  onClick,
  isSmall = false,
  className,
}: IconButtonProps) {
  const quietLook = isSmall ? 'btn btn--ghost btn--icon btn--sm' : 'btn btn--ghost btn--icon';
  return (
    <button
      type="button"
      className={className ?? quietLook}
      aria-label={label}
      title={title}
      disabled={isDisabled || isBusy}
      aria-busy={isBusy || undefined}
      onClick={onClick}
    >
      <Icon aria-hidden="true" size={16} />
    </button>
  );
}
