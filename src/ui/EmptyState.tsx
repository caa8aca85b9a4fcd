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

/** Props of a list's empty state while its company is not on the device. */
export type ListNotSyncedStateProps = {
  /** The company's first download is running. */
  isSyncing: boolean;
  /** The list's records, as the title names them ('Accounts', 'Requests'). */
  records: string;
  /** What the company's download brings for this list ('accounts, meters and bills'). */
  synced: string;
  /** What the list shows once they are here ('accounts'). */
  shown: string;
};

/**
 * The empty state of a company's list that has no rows because the company is not synced yet: downloading now (they
 * appear as they arrive), or waiting for a sync the user can start from the Sync panel.
 */
export function ListNotSyncedState({ isSyncing, records, synced, shown }: ListNotSyncedStateProps) {
  return isSyncing ? (
    <EmptyState title={`Downloading ${records.toLowerCase()} to this device…`}>
      {`This company’s ${synced} are being synced for offline use. They appear here as they arrive.`}
    </EmptyState>
  ) : (
    <EmptyState title={`${records} are not on this device yet`}>
      {`Once this company is synced (online), its ${shown} show here and stay available offline. Open the Sync panel in the top bar to sync now.`}
    </EmptyState>
  );
}
