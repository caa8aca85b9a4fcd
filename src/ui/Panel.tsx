import type { ReactNode } from 'react';

/** Props of a panel. */
export type PanelProps = {
  /** The id of the title, which names the panel's section. */
  titleId: string;
  title: ReactNode;
  /** Beside the title, at the right: the panel's button or a note on what it covers. */
  aside?: ReactNode;
  /** A class of the section beside `panel`. */
  className?: string;
  children: ReactNode;
};

/** A titled panel of a page (a record's details, a list, a tool), named by its title for screen readers. */
export function Panel({ titleId, title, aside, className, children }: PanelProps) {
  const heading = (
    <h2 id={titleId} className="panel__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={titleId}>
      {aside === undefined ? (
        heading
      ) : (
        <div className="panel__head">
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
