import type { ReactNode } from 'react';
import { CloudDownload } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

/** Props of an empty state. */
export type EmptyStateProps = {
  /** What is missing and why, as a heading ("Alerts are not on this device yet"). */
  title: string;
  /** What the user can expect, under the title. */
  children: ReactNode;
  /** The picture: a download cloud by default, for data the company's sync has not brought yet. */
  icon?: LucideIcon;
};

/**
 * What a page shows where its data would be, when there is none to show: most often the company's data that has not
 * reached the device yet (docs/architecture.md §4: a page reads only the device), announced as a status.
 */
export function EmptyState({ title, children, icon: Icon = CloudDownload }: EmptyStateProps) {
  return (
    <div className="empty-state" role="status">
      <Icon aria-hidden="true" size={36} />
      <h2 className="empty-state__title">{title}</h2>
      <p>{children}</p>
    </div>
  );
}
