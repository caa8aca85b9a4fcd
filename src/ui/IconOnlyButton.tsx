import type { LucideIcon } from 'lucide-react';

/** Props of a button showing only its icon. */
export type IconOnlyButtonProps = {
  icon: LucideIcon;
  /** What the button does, for screen readers ("Next page", "Remove Region"). */
  label: string;
  /** The button's look: the pager's own, or the small quiet .btn of a list row. */
  className: string;
  isDisabled?: boolean;
  onClick: () => void;
};

/** A button showing only its icon and named by its label alone (no hover title). */
export function IconOnlyButton({ icon: Icon, label, className, isDisabled, onClick }: IconOnlyButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} disabled={isDisabled} onClick={onClick}>
      <Icon size={16} aria-hidden="true" />
    </button>
  );
}
