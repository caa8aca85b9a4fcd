import { Download } from 'lucide-react';
import { controlWorkbookPath, fetchControlWorkbooks } from '../../api/billPay';
import { useOnline } from '../../platform/useOnline';
import { monthLabel } from '../../domain/dates';
import { useFileDownload } from '../../ui/useFileDownload';
import { useOnlineList } from '../../platform/useOnlineList';
import { useKeptFileKeys } from './useGlFiles';
import '../../ui/billPay.css';

const WORKBOOK_OFFLINE_MESSAGE =
  'This control workbook needs a network connection: it has not been downloaded on this device yet.';

/** The control workbooks of the company's payment batches (listed online), each a PDF kept once downloaded. */
export function ControlWorkbooks({ companyId }: { companyId: number }) {
  const isOnline = useOnline();
  const list = useOnlineList(companyId, isOnline, fetchControlWorkbooks);
  const { download, busyKey } = useFileDownload(WORKBOOK_OFFLINE_MESSAGE);
  const keyOf = (id: string) => `control-workbooks/${id}.pdf`;
  const kept = useKeptFileKeys((list.items ?? []).map((item) => keyOf(item.id)));
  return (
    <section className="panel" aria-labelledby="workbooks-title">
      <h2 id="workbooks-title" className="panel__title">
        Control workbooks
      </h2>
      {!isOnline && <p className="muted">The list of control workbooks needs a network connection.</p>}
      {list.error && (
        <p className="error-text" role="alert">
          {list.error}
        </p>
      )}
      {list.items?.length === 0 && <p className="muted">No control workbooks yet.</p>}
      {list.items && list.items.length > 0 && (
        <ul className="billpay-files">
          {list.items.map((workbook) => (
            <li key={workbook.id} className="billpay-files__item">
              <span>
                {workbook.fileName} <span className="muted">{monthLabel(workbook.batchMonth)}</span>{' '}
                {kept?.has(keyOf(workbook.id)) ? (
                  <span className="badge badge--success">On this device</span>
                ) : null}
              </span>
              <button
                type="button"
                className="btn btn--ghost btn--icon"
                aria-label={`Download ${workbook.fileName}`}
                title="Download"
                disabled={busyKey === keyOf(workbook.id)}
                onClick={() =>
                  void download({
                    key: keyOf(workbook.id),
                    path: controlWorkbookPath(companyId, workbook.id),
                    name: workbook.fileName,
                    companyId,
                  })
                }
              >
                <Download aria-hidden="true" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
