import { Download, Paperclip } from 'lucide-react';
import { useUserDb } from '../../platform/database';
import { queuedFile } from '../../db/outboxFiles';
import { attachmentFileKey } from '../../db/queries/tickets';
import type { AttachmentItem } from '../../db/queries/tickets';
import { fileSizeText } from '../../domain/files';
import { useFileDownload } from '../../ui/useFileDownload';
import { QueuedBadge } from '../../ui/QueuedBadge';

/** What an attachment that never opened on this device says offline. */
export const ATTACHMENT_OFFLINE_MESSAGE =
  'This attachment needs a network connection: it has not been opened on this device yet. Attachments you open once stay available offline.';

/**
 * A ticket's attachments with their downloads (`GET company_support/download_attachment?contentUrl&mimeType`) through
 * the kept-files store: one opened once opens offline, and one still queued opens from the device.
 */
export function TicketAttachmentList({
  companyId,
  items,
}: {
  companyId: number;
  items: readonly AttachmentItem[];
}) {
  const db = useUserDb();
  const { download, busyKey } = useFileDownload(ATTACHMENT_OFFLINE_MESSAGE);
  if (items.length === 0) return <p className="muted">No attachments.</p>;
  return (
    <ul className="tickets-attachments">
      {items.map(({ attachment, queued, isKept, queuedFileId }) => {
        const key = attachmentFileKey(attachment.id);
        const query = attachment.contentUrl
          ? `contentUrl=${encodeURIComponent(attachment.contentUrl)}&mimeType=${encodeURIComponent(attachment.mimeType)}`
          : null;
        return (
          <li key={attachment.id} className="tickets-attachments__item">
            <Paperclip aria-hidden="true" size={16} />
            <span className="tickets-attachments__name">{attachment.fileName}</span>
            <span className="muted">{fileSizeText(attachment.size)}</span>
            {isKept ? <span className="badge badge--success">On this device</span> : null}
            <QueuedBadge status={queued} />
            <button
              type="button"
              className="btn btn--ghost btn--icon"
              aria-label={`Download ${attachment.fileName}`}
              title="Download"
              disabled={busyKey === key || (query === null && queuedFileId === null)}
              aria-busy={busyKey === key || undefined}
              onClick={() =>
                void download({
                  key,
                  path: `/companies/${companyId}/company_support/download_attachment?${query ?? ''}`,
                  name: attachment.fileName,
                  companyId,
                  queued:
                    db && queuedFileId
                      ? async () => (await queuedFile(db, queuedFileId))?.blob ?? null
                      : undefined,
                })
              }
            >
              <Download aria-hidden="true" size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
