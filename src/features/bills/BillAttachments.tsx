import { useEffect, useState } from 'react';
import { Paperclip } from 'lucide-react';
import { attachmentPath, fetchBillAttachments } from '../../api/bills';
import type { BillAttachment } from '../../api/bills';
import { useOnline } from '../../platform/useOnline';
import { fetchFile } from '../../files/fetchFile';
import { saveFile } from '../../files/saveFile';
import { useToasts } from '../../ui/useToasts';

type Listed = { billId: string; attachments: BillAttachment[] };

/**
 * Files that came with the bill (spec 001 §7 `GET /downloadAttachment`): listed and downloaded from the server, so
 * only online; offline the page says so rather than showing an empty list.
 */
export function BillAttachments({
  billId,
  companyId,
  accountNumber,
}: {
  billId: string;
  companyId: number;
  accountNumber: string;
}) {
  const isOnline = useOnline();
  const { toast } = useToasts();
  const [listed, setListed] = useState<Listed | null>(null);
  useEffect(() => {
    if (!isOnline) return undefined;
    let isCurrent = true;
    void fetchBillAttachments(billId).then((result) => {
      if (isCurrent && result.ok) setListed({ billId, attachments: result.data.attachments });
    });
    return () => {
      isCurrent = false;
    };
  }, [billId, isOnline]);
  const attachments = listed?.billId === billId ? listed.attachments : null;

  const download = async (attachment: BillAttachment) => {
    const fetched = await fetchFile(attachmentPath(attachment, companyId, accountNumber));
    if (fetched.ok) saveFile(fetched.blob, attachment.fileName);
    else toast('Download failed', fetched.message, { kind: 'error' });
  };

  if (!isOnline)
    return <p className="muted">Attachments of this bill are listed when the device is online.</p>;
  if (!attachments || attachments.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="bill-attachments-title">
      <h2 id="bill-attachments-title" className="panel__title">
        Attachments
      </h2>
      <ul className="bills-attachments">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => void download(attachment)}
            >
              <Paperclip aria-hidden="true" size={14} />
              {attachment.fileName}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
