import { CloudDownload, SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSyncProgress } from '../platform/useLocationPage';
import { BackLink } from './Page';
import type { BackTo } from './Page';

/** Props of a record's page while the device reads it. */
export type DetailLoadingProps = {
  /** The back link, on pages that show it while loading. */
  back?: BackTo;
  /** A heading naming the kind of record ("Account"), on pages without the back link while loading. */
  heading?: string;
  text: string;
};

/** A record's page while the device reads it. */
export function DetailLoading({ back, heading, text }: DetailLoadingProps) {
  return (
    <section className="page" aria-busy="true">
      {back ? <BackLink {...back} /> : null}
      {heading ? <h1>{heading}</h1> : null}
      <p className="muted" role="status">
        {text}
      </p>
    </section>
  );
}

/** What a page says of a record it cannot show: before the company's first download, and after it. */
export interface MissingTexts {
  /** The company's data is still downloading: the record may yet arrive. */
  notYet: string;
  /** The company is on the device and the record is not among its rows. */
  notHere: string;
}

/** Whether the current company's first download has ended; undefined while the device answers. */
function useIsCompanySynced(companyId: number | null): boolean | undefined {
  const progress = useSyncProgress(companyId);
  return progress === undefined ? undefined : progress === 'synced';
}

/** What a not-found page says, by where the company's download stands. */
function missingText(text: string | MissingTexts, isSynced: boolean | undefined): string | null {
  if (typeof text === 'string') return text;
  // Until the device answers, neither text is sure: the paragraph stays empty for that moment.
  if (isSynced === undefined) return null;
  return isSynced ? text.notHere : text.notYet;
}

/** Props of a record not found. */
export type DetailNotFoundProps = {
  back: BackTo;
  /** The company whose download decides which text shows. */
  companyId: number | null;
  title: string;
  /** One text, or one before and one after the company's first download. */
  text: string | MissingTexts;
};

/** A record's page when the record is not on the device: its title and why, under the back link. */
export function DetailNotFound({ back, companyId, title, text }: DetailNotFoundProps) {
  const isSynced = useIsCompanySynced(companyId);
  return (
    <section className="page">
      <BackLink {...back} />
      <h1 className="page__title">{title}</h1>
      <p className="muted">{missingText(text, isSynced)}</p>
    </section>
  );
}

/** Props of a record missing from the device, said in an empty state. */
export type RecordMissingProps = {
  companyId: number | null;
  /** The button back to the list ("Back to accounts"). */
  back: BackTo;
  titles: MissingTexts;
  texts: MissingTexts;
};

/**
 * A record's page when the record is not on the device, as an empty state: while the company's data still
 * downloads it says the record opens once it arrives; after, that it is not found.
 */
export function RecordMissing({ companyId, back, titles, texts }: RecordMissingProps) {
  const isSynced = useIsCompanySynced(companyId);
  const isWaiting = isSynced === false;
  const Icon = isWaiting ? CloudDownload : SearchX;
  return (
    <section className="page">
      <div className="empty-state" role="status">
        <Icon aria-hidden="true" size={36} />
        <h1 className="empty-state__title">{isWaiting ? titles.notYet : titles.notHere}</h1>
        <p>{isWaiting ? texts.notYet : texts.notHere}</p>
        <Link className="btn btn--secondary" to={back.to}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}
