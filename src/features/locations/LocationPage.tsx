import { Columns3, MapPin, Tags } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { LocationRow, TagRow } from '../../db/rows';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { DetailLoading } from '../../ui/DetailPage';
import { Tabs } from '../../ui/Tabs';
import { AttentionList } from './AttentionList';
import { CustomAttributesDialog } from './CustomAttributesDialog';
import { LocationCharts } from './LocationCharts';
import { LocationNotFound } from './LocationNotFound';
import { AccountsList, BillsList, BudgetsList, ContractsList } from './LocationLists';
import { LocationInfo, TwelveMonthCard } from './LocationSummary';
import { ChargesTable, UsageTable } from './LocationTables';
import { TagsDialog } from './TagsDialog';
import { useAreaVisibility } from './useAreaVisibility';
import {
  useLocationAttention,
  useLocationBudgets,
  useLocationContracts,
  useLocationPage,
} from '../../platform/useLocationPage';
import { KeepSitePdfs } from '../../ui/bills/KeepSitePdfs';
import { Page } from '../../ui/Page';
import './locations.css';
import './location.css';

/** The line under a site's name: its address, then its tags as chips. */
function SiteHeading({ location, tags }: { location: LocationRow; tags: readonly TagRow[] }) {
  const address = [location.address, location.city, [location.state, location.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <p className="muted location-address">
        <MapPin size={15} aria-hidden="true" /> {address}
      </p>
      <ul className="chip-list location-tags" aria-label="Tags">
        {tags.length === 0 ? (
          <li className="muted">No tags</li>
        ) : (
          tags.map((tag) => (
            <li key={tag.id} className="chip chip--primary">
              {tag.text}
            </li>
          ))
        )}
      </ul>
    </>
  );
}

/** /locations/:id: one site's info, attention, figures, charts, tables and related lists, from local data. */
export function LocationPage() {
  const { id } = useParams();
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const record = typeof company === 'object' ? company : null;
  const access = useAreaVisibility(record);
  const pathOf = useAreaPaths();
  const data = useLocationPage(id);
  const attention = useLocationAttention(data, access.contracts);
  const contracts = useLocationContracts(access.contracts ? id : undefined);
  const budgets = useLocationBudgets(access.budgets ? id : undefined);
  const [dialog, setDialog] = useState<'tags' | 'attributes' | null>(null);

  const back = { to: pathOf('locations'), label: 'All locations' };
  if (data === undefined) return <DetailLoading back={back} text="Loading location…" />;
  if (data === null || data.location.companyId !== companyId)
    return <LocationNotFound back={back} companyId={companyId} />;

  const { location, accounts, bills, tags, siteTagIds } = data;
  const tabs = [
    { id: 'charges', label: 'Charges', content: <ChargesTable bills={bills} accounts={accounts} /> },
    { id: 'usage', label: 'Usage', content: <UsageTable bills={bills} accounts={accounts} /> },
    {
      id: 'bills',
      label: `Bills (${bills.length})`,
      content: (
        <>
          <KeepSitePdfs bills={bills} accounts={accounts} />
          <BillsList bills={bills} accounts={accounts} />
        </>
      ),
    },
    { id: 'accounts', label: `Accounts (${accounts.length})`, content: <AccountsList accounts={accounts} /> },
    ...(access.contracts
      ? [
          {
            id: 'contracts',
            label: `Contracts${contracts ? ` (${contracts.length})` : ''}`,
            content: <ContractsList contracts={contracts} />,
          },
        ]
      : []),
    ...(access.budgets
      ? [
          {
            id: 'budgets',
            label: `Budgets${budgets ? ` (${budgets.length})` : ''}`,
            content: <BudgetsList budgets={budgets} />,
          },
        ]
      : []),
  ];

  return (
    <Page
      back={back}
      titleId="location-title"
      title={location.name}
      subtitle={<SiteHeading location={location} tags={tags.filter((tag) => siteTagIds.includes(tag.id))} />}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => setDialog('tags')}>
            <Tags size={16} aria-hidden="true" /> Edit tags
          </button>
          {access.isConsultant ? (
            <button type="button" className="btn btn--secondary" onClick={() => setDialog('attributes')}>
              <Columns3 size={16} aria-hidden="true" /> Custom attributes
            </button>
          ) : null}
        </>
      }
    >
      <div className="location-top">
        <LocationInfo
          location={location}
          company={record}
          attributes={data.attributes}
          attributeValues={data.attributeValues}
        />
        <TwelveMonthCard bills={bills} accounts={accounts} />
        <AttentionList items={attention} isLocationPage />
      </div>

      <LocationCharts
        bills={bills}
        accounts={accounts}
        weather={record?.weatherNormalizationAccess ? { companyId, state: location.state } : null}
      />

      <section className="panel location-tabs" aria-label="Location details">
        <Tabs items={tabs} label="Location details" />
      </section>

      {dialog === 'tags' ? (
        <TagsDialog
          isOpen
          onClose={() => setDialog(null)}
          locationId={location.id}
          tags={tags}
          selectedIds={siteTagIds}
        />
      ) : null}
      {dialog === 'attributes' ? (
        <CustomAttributesDialog
          isOpen
          onClose={() => setDialog(null)}
          companyId={location.companyId}
          attributes={data.attributes}
        />
      ) : null}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = LocationPage;
