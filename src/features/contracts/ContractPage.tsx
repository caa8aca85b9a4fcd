import { CalendarPlus, Download, FileSignature, Link2, MapPin, Pencil, Trash2, Unlink } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useUserDb } from '../../platform/database';
import type { ContractDetail } from '../../db/queries/contracts';
import type { LocationRow } from '../../db/rows';
import { deleteContract, markContractViewed, unlinkLocations } from '../../db/mutations/contracts';
import { rateTypeLabel } from '../../domain/contractForm';
import { EMPTY_CELL_TEXT, formatAmount, formatDay } from '../../domain/format';
import { serviceLabel } from '../../domain/serviceTypes';
import { ActionTable } from '../../ui/ActionTable';
import type { TableColumn } from '../../ui/ActionTable';
import { DetailLoading, DetailNotFound } from '../../ui/DetailPage';
import { FactList } from '../../ui/Facts';
import type { Fact } from '../../ui/Facts';
import { IconButton } from '../../ui/IconButton';
import { useFileDownload } from '../../ui/useFileDownload';
import { Dialog } from '../../ui/Modal';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { useToasts } from '../../ui/useToasts';
import { Panel } from '../../ui/Panel';
import { IconTitle } from '../../ui/IconTitle';
import { Page } from '../../ui/Page';
import { ContractFormDialog, LinkLocationsDialog } from './ContractDialogs';
import type { ContractFormMode } from './ContractDialogs';
import { ContractDocuments } from './ContractDocuments';
import { ContractStatus } from './ContractStatus';
import { useContractDetail } from './useContracts';
import './contracts.css';

/** What the contract summary PDF says offline when it was never downloaded on this device. */
const PDF_OFFLINE_MESSAGE =
  'The contract summary needs a network connection the first time: once downloaded, it stays available offline.';

function text(value: string | null): string {
  return value === null || value.trim() === '' ? EMPTY_CELL_TEXT : value;
}

/** The contract's details panel (spec 001 §4). */
function contractFacts({ contract, daysTillExpire }: ContractDetail): Fact[] {
  return [
    { label: 'Start Date', value: formatDay(contract.startDate) },
    { label: 'End Date', value: formatDay(contract.endDate) },
    { label: 'Days Left', value: daysTillExpire },
    {
      label: 'Term',
      value: contract.termMonth === null ? EMPTY_CELL_TEXT : `${contract.termMonth} months`,
    },
    { label: 'Signed', value: formatDay(contract.contractSignDate) ?? EMPTY_CELL_TEXT },
    {
      label: 'Rate',
      value: contract.contractRate === null ? EMPTY_CELL_TEXT : String(contract.contractRate),
    },
    { label: 'Rate Type', value: rateTypeLabel(contract.contractRateType) },
    {
      label: 'Annual Usage',
      value:
        contract.contractAnnualUsage === null ? EMPTY_CELL_TEXT : formatAmount(contract.contractAnnualUsage),
    },
    { label: 'Consultant', value: text(contract.consultantName) },
    { label: 'Viewed', value: contract.isViewed ? 'Yes' : 'No' },
  ];
}

/** `/contracts/:id`: one contract from the device — its fields, extension chain, linked locations and documents. */
export function ContractPage() {
  const { id } = useParams();
  const companyId = useCurrentCompanyId();
  const detail = useContractDetail(id);
  const db = useUserDb();
  const pathOf = useAreaPaths();
  const navigate = useNavigate();
  const { toast } = useToasts();
  const { download, busyKey } = useFileDownload(PDF_OFFLINE_MESSAGE);
  const [dialog, setDialog] = useState<ContractFormMode | 'link' | 'delete' | null>(null);
  // The form's mode outlives its dialog, so the form does not change while it fades out.
  const [formMode, setFormMode] = useState<ContractFormMode>('edit');
  const openForm = (mode: ContractFormMode) => {
    setFormMode(mode);
    setDialog(mode);
  };
  const isHere = detail !== undefined && detail !== null && detail.contract.companyId === companyId;
  const linked = useMemo(() => new Set(detail?.locations.map((site) => site.id) ?? []), [detail?.locations]);

  // Opening a contract marks it viewed (spec 001 §4): a synced write, so the admin's badge counts it no more.
  useEffect(() => {
    if (db && id && isHere) void markContractViewed(db, id);
  }, [db, id, isHere]);

  const back = { to: pathOf('contracts'), label: 'All contracts' };
  const locationColumns: readonly TableColumn<LocationRow>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      render: (site) => <Link to={pathOf(`locations/${site.id}`)}>{site.name}</Link>,
    },
    { key: 'city', header: 'City', render: (site) => site.city },
    { key: 'state', header: 'State', render: (site) => site.state },
  ];
  if (detail === undefined) return <DetailLoading back={back} text="Loading contract…" />;
  if (!isHere)
    return (
      <DetailNotFound
        back={back}
        companyId={companyId}
        title="Contract not found"
        text="This contract is not on this device: it may have been deleted, or it belongs to another company."
      />
    );
  const { contract, chain, successor, locations, queued } = detail;
  const pdfKey = `contracts/${contract.id}/summary-v${contract.version}.pdf`;
  const isNew = contract.version === 0;
  const remove = async () => {
    if (!db) return;
    const outcome = await deleteContract(db, contract.id);
    if ('problem' in outcome) toast('Not deleted', outcome.problem, { kind: 'warning' });
    else {
      toast('Contract deleted');
      void navigate(pathOf('contracts'));
    }
  };

  return (
    <Page
      back={back}
      titleId="contract-title"
      title={contract.vendorName}
      subtitle={
        <p className="record-marks contracts-heading">
          <span className="muted">{serviceLabel(contract.serviceType)}</span>
          <ContractStatus text={detail.status} color={detail.statusColor} />
          <QueuedBadge status={queued} />
        </p>
      }
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => openForm('edit')}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={contract.isExtended}
            title={contract.isExtended ? 'This contract is already extended' : undefined}
            onClick={() => openForm('extend')}
          >
            <CalendarPlus size={16} aria-hidden="true" /> Extend
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={isNew || busyKey === pdfKey}
            aria-busy={busyKey === pdfKey || undefined}
            title={isNew ? 'Available once the contract reaches the server' : undefined}
            onClick={() =>
              void download({
                key: pdfKey,
                path: `/companies/${contract.companyId}/contracts/${contract.id}/download`,
                name: `Contract ${contract.vendorName} ${contract.startDate}.pdf`,
                companyId: contract.companyId,
              })
            }
          >
            <Download size={16} aria-hidden="true" /> PDF
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setDialog('delete')}>
            <Trash2 size={16} aria-hidden="true" /> Delete
          </button>
        </>
      }
    >
      <Panel titleId="contract-details-title" title={<IconTitle icon={FileSignature} text="Details" />}>
        <FactList facts={contractFacts(detail)} />
        {contract.notes ? <p className="contracts-notes">{contract.notes}</p> : null}
      </Panel>

      <Panel titleId="contract-chain-title" title={<IconTitle icon={CalendarPlus} text="Extensions" />}>
        {successor ? (
          <p>
            Extended by{' '}
            <Link to={pathOf(`contracts/${successor.id}`)}>
              {successor.vendorName}, {formatDay(successor.startDate)} – {formatDay(successor.endDate)}
            </Link>
          </p>
        ) : null}
        {chain.length === 0 ? (
          <p className="muted">This contract extends no earlier contract.</p>
        ) : (
          <ol className="contracts-chain" aria-label="Earlier contracts">
            {chain.map((older) => (
              <li key={older.contract.id}>
                <Link to={pathOf(`contracts/${older.contract.id}`)}>
                  {older.contract.vendorName}, {formatDay(older.contract.startDate)} –{' '}
                  {formatDay(older.contract.endDate)}
                </Link>{' '}
                <ContractStatus text={older.status} color={older.statusColor} />
              </li>
            ))}
          </ol>
        )}
      </Panel>

      <Panel
        titleId="contract-locations-title"
        title={<IconTitle icon={MapPin} text={`Linked locations (${locations.length})`} />}
        aside={
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setDialog('link')}>
            <Link2 size={16} aria-hidden="true" /> Link locations
          </button>
        }
      >
        <ActionTable
          caption="Linked locations"
          columns={locationColumns}
          rows={locations}
          getKey={(site) => site.id}
          emptyText="No locations are linked to this contract."
          actions={(site) => (
            <IconButton
              icon={Unlink}
              label={`Unlink ${site.name}`}
              title="Unlink"
              onClick={() => void (db ? unlinkLocations(db, contract.id, [site.id]) : null)}
            />
          )}
        />
      </Panel>

      <ContractDocuments contract={contract} items={detail.documents} />

      <ContractFormDialog
        isOpen={dialog === 'edit' || dialog === 'extend'}
        contract={contract}
        mode={formMode}
        onClose={() => setDialog(null)}
        onDone={(nextId) => {
          setDialog(null);
          if (nextId !== contract.id) void navigate(pathOf(`contracts/${nextId}`));
        }}
      />
      <LinkLocationsDialog
        isOpen={dialog === 'link'}
        contract={contract}
        linked={linked}
        onClose={() => setDialog(null)}
      />
      <Dialog
        isOpen={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title="Delete contract"
        tone="error"
        message={
          <p>
            Delete the contract with <strong>{contract.vendorName}</strong> ({formatDay(contract.startDate)} –{' '}
            {formatDay(contract.endDate)}) its {locations.length} location links and {detail.documents.length}{' '}
            documents?
            {contract.associatedContractId ? ' The contract it extends carries on again.' : ''}
          </p>
        }
        buttons={[
          { label: 'Cancel', kind: 'secondary', isInitialFocus: true },
          { label: 'Delete', kind: 'danger', onClick: () => void remove() },
        ]}
      />
    </Page>
  );
}

/** The lazy page's component. */
export const Component = ContractPage;
