import { useEffect, useRef } from 'react';
import { AlertTriangle, CheckCircle2, Download, FileText } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import type { BillDetail } from '../../db/queries/billsPage';
import { compareBillAmounts } from '../../domain/bills';
import type { BillComparison } from '../../domain/bills';
import { monthLabel } from '../../domain/dates';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import { BillPayNotesPanel } from '../../ui/BillPayNotesPanel';
import { DetailLoading, RecordMissing } from '../../ui/DetailPage';
import { FactList, RecordLink } from '../../ui/Facts';
import { BillAttachments } from './BillAttachments';
import { BillHistoryCharts } from './BillHistoryCharts';
import { BillLinesTables } from './BillLinesTables';
import { EarlierStatements } from './EarlierStatements';
import { useBillPdfDownload, useBillPdfView } from '../../ui/bills/useBillDownloads';
import { Panel } from '../../ui/Panel';
import { Page } from '../../ui/Page';
import { useBillDetail } from './useBillsData';
import './bills.css';

const day = (iso: string | null) => formatDay(iso) ?? EMPTY_CELL_TEXT;

function comparisonText(comparison: BillComparison | null, base: number | null): string {
  if (comparison === null || base === null) return EMPTY_CELL_TEXT;
  const sign = comparison.difference > 0 ? '+' : '';
  const percent = comparison.percent === null ? '' : ` (${sign}${comparison.percent.toFixed(2)} %)`;
  // The change first, then what it changed from: "-$1,383.38 (-3.19 %) from $42,025.90".
  return `${sign}${formatCurrency(comparison.difference)}${percent} from ${formatCurrency(base)}`;
}

/** The facts of the bill's header (spec 001 §2 single bill). */
function BillFacts({ detail }: { detail: BillDetail }) {
  const { bill, row, account, location } = detail;
  const previousMonth = compareBillAmounts(bill.totalNewCharges, bill.prevMonthTotalNewCharges);
  const lastYear = compareBillAmounts(bill.totalNewCharges, bill.prevYearTotalCharges);
  return (
    <Panel titleId="bill-facts-title" title="Bill details">
      <FactList
        facts={[
          { label: 'Total new charges', value: formatCurrency(bill.totalNewCharges), isStrong: true },
          { label: 'Amount due', value: formatCurrency(bill.amountDue), isStrong: true },
          { label: 'Outstanding balance', value: formatCurrency(bill.outstandingBalance) },
          {
            label: 'Account',
            value: <RecordLink path={account && `accounts/${account.id}`} text={account?.accountNumber} />,
            sub: account?.nickname,
          },
          {
            label: 'Location',
            value: <RecordLink path={location && `locations/${location.id}`} text={location?.name} />,
          },
          {
            label: 'Service address',
            value: account?.serviceAddress ?? location?.address ?? EMPTY_CELL_TEXT,
          },
          { label: 'Invoice date', value: day(bill.invoiceDate) },
          { label: 'Due date', value: day(bill.dueDate) },
          {
            label: 'Status',
            value: bill.status ?? EMPTY_CELL_TEXT,
            sub: bill.statusDate ? day(bill.statusDate) : null,
          },
          { label: 'Collection type', value: row.collectionType ?? EMPTY_CELL_TEXT },
          { label: 'Read dates', value: `${day(bill.readDateFrom)} – ${day(bill.readDateTo)}` },
          {
            label: 'vs previous month',
            value: comparisonText(previousMonth, bill.prevMonthTotalNewCharges),
          },
          { label: 'vs same month last year', value: comparisonText(lastYear, bill.prevYearTotalCharges) },
          {
            label: 'AP file',
            value: row.apFileInfo ?? EMPTY_CELL_TEXT,
            sub: row.apFileDate && row.apFileDate !== row.apFileInfo ? day(row.apFileDate) : null,
          },
        ]}
      />
      <div className={row.anomalyReasons.length > 0 ? 'notice notice--warning' : 'notice'} role="note">
        {row.anomalyReasons.length > 0 ? (
          <AlertTriangle size={18} aria-hidden="true" />
        ) : (
          <CheckCircle2 size={18} aria-hidden="true" />
        )}
        <p>
          {row.anomalyReasons.length > 0
            ? `Anomaly: ${row.anomalyReasons.join('; ')}.`
            : 'No anomaly: no late fee, at most one variance and none above 100 %.'}
        </p>
      </div>
    </Panel>
  );
}

/** The single bill (`/bills/{id}` and its consultant twin), read from the device: it opens offline with its lines. */
export function BillPage() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const companyId = useCurrentCompanyId();
  const pathTo = useAreaPaths();
  const detail = useBillDetail(id);
  const pdf = useBillPdfDownload();
  const view = useBillPdfView();

  // `?download=1` (the export's DOWNLOAD BILL link) downloads the PDF once, with this session's token.
  const wantsDownload = search.get('download') === '1';
  const started = useRef(false);
  useEffect(() => {
    if (!wantsDownload || !detail || started.current) return;
    started.current = true;
    void pdf.downloadBill(detail.row);
    setSearch({}, { replace: true });
  }, [wantsDownload, detail, pdf, setSearch]);

  if (detail === undefined) return <DetailLoading heading="Bill" text="Loading the bill…" />;
  if (detail === null || detail.bill.companyId !== companyId)
    return (
      <RecordMissing
        companyId={companyId}
        back={{ to: pathTo('bills'), label: 'Back to bills' }}
        titles={{ notYet: 'This bill is not on this device yet', notHere: 'Bill not found' }}
        texts={{
          notYet:
            'This company’s bills are still being synced to the device. The bill opens here once it arrives, online or offline.',
          notHere:
            'No bill with this id is kept on this device for this company. It may belong to another company.',
        }}
      />
    );

  const { bill, row } = detail;
  const isBusy = pdf.busyKey !== null || view.isBusy;
  return (
    <Page
      back={{ to: pathTo('bills'), label: 'Bills' }}
      titleId="bill-title"
      title={`${row.vendorName} · ${monthLabel(bill.billMonth)}`}
      subtitle={
        <p className="muted">
          Account {row.accountNumber ?? EMPTY_CELL_TEXT} · {row.services || EMPTY_CELL_TEXT}
        </p>
      }
      actions={
        bill.isInvoiceMissing
          ? null
          : [
              { label: 'VIEW BILL', Icon: FileText, kind: 'secondary', run: () => view.viewBill(row) },
              { label: 'DOWNLOAD BILL', Icon: Download, kind: 'primary', run: () => pdf.downloadBill(row) },
            ].map(({ label, Icon, kind, run }) => (
              <button
                key={label}
                type="button"
                className={`btn btn--${kind}`}
                disabled={isBusy}
                onClick={() => void run()}
              >
                <Icon aria-hidden="true" size={16} />
                {label}
              </button>
            ))
      }
    >
      {view.message && (
        <div className="notice notice--warning" role="alert">
          <p>{view.message}</p>
        </div>
      )}
      <BillFacts detail={detail} />
      <BillLinesTables lines={detail.lines} isInvoiceMissing={bill.isInvoiceMissing} />
      <BillHistoryCharts history={detail.history} billMonth={bill.billMonth} />
      <EarlierStatements statements={bill.earlierStatements} />
      {row.accountNumber !== null && (
        <BillAttachments billId={bill.id} companyId={bill.companyId} accountNumber={row.accountNumber} />
      )}
      <BillPayNotesPanel billId={bill.id} companyId={bill.companyId} />
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = BillPage;
