/** Props of a list's quick filter. */
export type QuickFilterInputProps = {
  /** The input's accessible name ('Filter rows'). */
  label: string;
  /** What the filter matches, shown while empty (default: the label). */
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  /** A class beside the small input's own (the grid toolbar's sizing). */
  className?: string;
};

/** A small search box filtering a list as the user types (a grid's rows, the users of the Users page). */
export function QuickFilterInput({
  label,
  placeholder = label,
  value,
  onChange,
  className,
}: QuickFilterInputProps) {
  return (
    <input
      type="search"
      className={className ? `input input--sm ${className}` : 'input input--sm'}
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
