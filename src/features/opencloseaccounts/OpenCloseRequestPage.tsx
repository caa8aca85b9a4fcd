import { useState } from 'react';
import { FileDown, Pencil } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { downloadOpenClosePdf } from '../../api/openClose';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import type { OpenCloseDetail } from '../../db/queries/openClose';
import { downloadBlob } from '../../export/downloadBlob';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { canEditOpenCloseRequest } from '../../domain/openClose';
import { DetailLoading, RecordMissing } from '../../ui/DetailPage';
import { FactList, RecordLink } from '../../ui/Facts';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { Panel } from '../../ui/Panel';
import { Page } from '../../ui/Page';
import { EditRequestDialog } from './EditRequestDialog';
import { RequestHistory, RequestNotes } from './RequestActivity';
import { StatusBadge, authorName, localMoment, requestTitle } from './RequestLabels';
import { RequestStatus } from './RequestStatus';
import { useOpenCloseDetail, useWriter } from './useOpenCloseData';
import './openclose.css';

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : EMPTY_CELL_TEXT);
const day = (value: string | null) => formatDay(value) ?? EMPTY_CELL_TEXT;

/** The PDF of the request: rendered by the server, so online only, and only once the request has reached it. */
function DownloadButton({ detail }: { detail: OpenCloseDetail }) {
  const isOnline = useOnline();
  const [state, setState] = useState<{ isBusy: boolean; error: string | null }>({
    isBusy: false,
    error: null,
  });
  const isOnServer = detail.request.version > 0;
  const hint = !isOnline
    ? 'The PDF needs a network connection.'
    : !isOnServer
      ? 'The PDF is ready once the request reaches the server.'
      : null;
  const download = async () => {
    setState({ isBusy: true, error: null });
    const result = await downloadOpenClosePdf(detail.request.id);
    if (result.ok) {
      downloadBlob(result.data.blob, result.data.fileName);
      setState({ isBusy: false, error: null });
    } else {
      const error = result.isNetworkError
        ? result.error.message
        : `The PDF could not be made (${result.status}).`;
      setState({ isBusy: false, error });
    }
  };
  return (
    <div className="openclose-download">
      <button
        type="button"
        className="btn btn--secondary"
        disabled={hint !== null || state.isBusy}
        aria-describedby={hint || state.error ? 'openclose-download-note' : undefined}
        onClick={() => void download()}
      >
        <FileDown aria-hidden="true" size={16} />
        {state.isBusy ? 'Preparing PDF…' : 'Download PDF'}
      </button>
      {hint || state.error ? (
        <p id="openclose-download-note" className={state.error ? 'error-text' : 'muted'} role="status">
          {state.error ?? hint}
        </p>
      ) : null}
    </div>
  );
}

function RequestFacts({ detail }: { detail: OpenCloseDetail }) {
  const { request, location, account } = detail;
  return (
    <Panel titleId="openclose-facts-title" title="Request">
      <FactList
        facts={[
          {
            label: 'Location',
            value: <RecordLink path={location && `locations/${location.id}`} text={location?.name} />,
            sub: location ? `${location.address}, ${location.city}, ${location.state} ${location.zip}` : null,
          },
          {
            label: 'Account',
            value:
              account || !request.isOpen ? (
                <RecordLink path={account && `accounts/${account.id}`} text={account?.accountNumber} />
              ) : (
                'New account'
              ),
          },
          {
            label: request.isOpen ? 'Store open date' : 'Store close date',
            value: day(request.isOpen ? request.storeOpenDate : request.storeCloseDate),
            isStrong: true,
          },
          { label: 'Turnover date', value: day(request.turnoverDate), isStrong: true },
          {
            label: 'Contact',
            value: (
              <>
                {text(request.contactName)}
                {request.contactPhone ? (
                  <span className="facts__sub">
                    <a href={`tel:${request.contactPhone.replace(/[^0-9+]/g, '')}`}>{request.contactPhone}</a>
                  </span>
                ) : null}
                {request.contactEmail ? (
                  <span className="facts__sub">
                    <a href={`mailto:${request.contactEmail}`}>{request.contactEmail}</a>
                  </span>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </Panel>
  );
}

/** One open/close request (`/opencloseaccounts/{id}` and its twin): facts, status, notes and history, from the device. */
export function OpenCloseRequestPage() {
  const { id } = useParams();
  const companyId = useCurrentCompanyId();
  const pathTo = useAreaPaths();
  const writer = useWriter();
  const detail = useOpenCloseDetail(id);
  const [isEditing, setEditing] = useState(false);

  if (detail === undefined) return <DetailLoading heading="Request" text="Loading the request…" />;
  if (detail === null || detail.request.companyId !== companyId)
    return (
      <RecordMissing
        companyId={companyId}
        back={{ to: pathTo('opencloseaccounts'), label: 'Back to requests' }}
        titles={{ notYet: 'This request is not on this device yet', notHere: 'Request not found' }}
        texts={{
          notYet:
            'This company’s data is still being synced to the device. The request opens here once it arrives.',
          notHere: 'No open or close request with this id is kept on this device for this company.',
        }}
      />
    );

  const { request } = detail;
  const userId = writer?.userId ?? null;
  const queued = detail.queued[`openCloseRequests:${request.id}`];
  const canEdit = canEditOpenCloseRequest(request.accountStatus);
  return (
    <Page
      back={{ to: pathTo('opencloseaccounts'), label: 'Open/Close Accounts' }}
      titleId="openclose-request-title"
      title={
        <>
          {requestTitle(request)} <StatusBadge status={request.accountStatus} />{' '}
          <QueuedBadge status={queued} />
        </>
      }
      subtitle={
        <p className="muted">
          {detail.location?.name ?? 'Unknown location'} · Requested by{' '}
          {authorName(request.requestedByName, request.requestedBy, userId)} on{' '}
          {localMoment(request.createdAt)}
        </p>
      }
      actions={
        <>
          {canEdit ? (
            <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" size={16} />
              Edit request
            </button>
          ) : null}
          <DownloadButton detail={detail} />
        </>
      }
    >
      <div className="card-row card-row--wide-first">
        <RequestFacts detail={detail} />
        <RequestStatus request={request} writer={writer} />
      </div>
      <div className="card-row">
        <RequestNotes detail={detail} userId={userId} />
        <RequestHistory detail={detail} userId={userId} queued={queued} />
      </div>
      <EditRequestDialog isOpen={isEditing} onClose={() => setEditing(false)} request={request} />
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = OpenCloseRequestPage;
