import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useOnline } from '../../platform/useOnline';
import type { BudgetView } from '../../db/queries/budgets';
import { budgetPeriodLabel } from '../../domain/budgets';
import { localToday } from '../../domain/contracts';
import { compareServiceTypes, serviceLabel } from '../../domain/serviceTypes';
import type { OutboxStatus } from '../../domain/sync';
import { EmptyState } from '../../ui/EmptyState';
import { namedChoices } from '../../ui/fields/ChoiceOptions';
import {
  FilterForm,
  FilterSelectField,
  ServiceSelectField,
  changedFilterCount,
} from '../../ui/fields/FilterSelects';
import { Page } from '../../ui/Page';
import { BudgetsTable } from '../../ui/BudgetsTable';
import { projectedColumn, spendColumn, varianceColumn } from '../../ui/grid/budgetSpendColumns';
import type { TableColumn } from '../../ui/PagedTable';
import { QueuedBadge } from '../../ui/QueuedBadge';
import { BudgetDetail } from './BudgetDetail';
import { BudgetRollUp } from './BudgetRollUp';
import { NewBudgetWizard } from './NewBudgetWizard';
import { useBudgetWrites } from './useBudgetWrites';
import { useCompanyBudgets, useCompanySites } from './useBudgets';
import './budgets.css';

/** Remembered for the session, so going to a location and back keeps the filters. */
let lastFilter: { companyId: number | null; locationId: string; serviceType: string } | null = null;

type Row = BudgetView & { siteName: string; queued: OutboxStatus | undefined };

function columns(selectedId: string | null, onSelect: (id: string) => void): TableColumn<Row>[] {
  return [
    {
      key: 'name',
      header: 'Budget',
      isKey: true,
      isRowHeader: true,
      render: (row) => (
        <>
          <button
            type="button"
            className="link-button budgets-list__open"
            aria-pressed={row.budget.id === selectedId}
            onClick={() => onSelect(row.budget.id)}
          >
            {row.siteName} · {serviceLabel(row.budget.serviceType)}
          </button>{' '}
          <QueuedBadge status={row.queued} />
        </>
      ),
    },
    { key: 'period', header: 'Period', render: (row) => budgetPeriodLabel(row.budget) },
    { ...spendColumn('budget', 'Budget'), isKey: true },
    { ...spendColumn('actualToDate', 'Actual to Date'), isKey: true },
    { ...varianceColumn('Variance to Date'), isKey: true },
    projectedColumn(),
  ];
}

/**
 * The company's budgets against the bills on the device (spec 001 §7 Budgets): filters, a roll-up of the budgets
 * shown, the list, and the chosen budget's chart and months; create (wizard), edit and delete are queued through the
 * outbox, so all of it works offline.
 */
export function BudgetsPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const isOnline = useOnline();
  const writes = useBudgetWrites();
  const sites = useCompanySites(companyId);
  const [filter, setFilterState] = useState(() =>
    lastFilter?.companyId === companyId ? lastFilter : { companyId, locationId: '', serviceType: '' },
  );
  const setFilter = (change: Partial<typeof filter>) => {
    const next = { ...filter, ...change, companyId };
    lastFilter = next;
    setFilterState(next);
  };
  const budgets = useCompanyBudgets(companyId, filter);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isCreating, setCreating] = useState(false);

  const names = useMemo(() => new Map((sites ?? []).map((site) => [site.id, site.name])), [sites]);
  const rows = useMemo(
    (): Row[] | undefined =>
      budgets?.views
        .map((view) => ({
          ...view,
          siteName:
            view.budget.locationId === null ? 'Company' : (names.get(view.budget.locationId) ?? 'A site'),
          queued: budgets.queued[view.budget.id],
        }))
        // Newest period first, then by site and service, so a site's budgets sit together.
        .sort(
          (a, b) =>
            b.budget.startMonth.localeCompare(a.budget.startMonth) ||
            a.siteName.localeCompare(b.siteName) ||
            compareServiceTypes(a.budget.serviceType, b.budget.serviceType),
        ),
    [budgets, names],
  );
  const chosen = rows?.find((row) => row.budget.id === chosenId) ?? rows?.[0] ?? null;
  const cols = useMemo(() => columns(chosen?.budget.id ?? null, setChosenId), [chosen]);
  const services = useMemo(() => {
    const seen = new Set((budgets?.views ?? []).map((view) => view.budget.serviceType));
    if (filter.serviceType) seen.add(filter.serviceType);
    for (const service of ['electric', 'natural_gas', 'water']) seen.add(service);
    return [...seen].sort(compareServiceTypes);
  }, [budgets, filter.serviceType]);

  const name = typeof company === 'object' && company !== null ? company.name : null;
  if (companyId === null) return null;
  const count = rows?.length ?? 0;
  const scope = count === 1 ? 'the budget shown' : `the ${count} budgets shown`;

  return (
    <Page
      titleId="budgets-title"
      title="Budgets"
      subtitle={<p className="muted">{name ?? ' '}</p>}
      actions={
        <button
          type="button"
          className="btn btn--primary"
          disabled={(sites?.length ?? 0) === 0}
          onClick={() => setCreating(true)}
        >
          <Plus aria-hidden="true" size={16} /> New budget
        </button>
      }
    >
      <section className="panel" aria-label="Filters">
        <FilterForm
          className="filter-grid"
          label="Budget filters"
          activeCount={changedFilterCount(filter, { ...filter, locationId: '', serviceType: '' })}
        >
          <FilterSelectField
            label="Location"
            all="All locations"
            choices={namedChoices(sites ?? [])}
            value={filter.locationId}
            onChange={(locationId) => setFilter({ locationId })}
          />
          <ServiceSelectField
            services={services}
            value={filter.serviceType}
            onChange={(serviceType) => setFilter({ serviceType })}
          />
        </FilterForm>
      </section>

      {rows !== undefined && count === 0 && (sites?.length ?? 0) === 0 ? (
        <EmptyState title="Budgets are not on this device yet">
          Once this company is synced (online), its budgets show here and stay available offline.
        </EmptyState>
      ) : null}

      {rows && count > 0 ? <BudgetRollUp views={rows} scope={scope} /> : null}

      <section className="panel" aria-labelledby="budgets-list-title">
        <div className="panel__head">
          <h2 id="budgets-list-title" className="panel__title">
            {rows === undefined ? 'Budgets' : `${count} ${count === 1 ? 'budget' : 'budgets'}`}
          </h2>
        </div>
        <BudgetsTable
          columns={cols}
          rows={rows}
          emptyText="No budgets match these filters. Create one with New budget."
        />
      </section>

      {chosen ? (
        <BudgetDetail
          key={chosen.budget.id}
          view={chosen}
          siteName={chosen.siteName}
          queued={chosen.queued}
          isOnline={isOnline}
          onSave={(items) => writes.update(chosen.budget.id, items)}
          onDelete={async () => {
            await writes.remove(chosen.budget.id);
            setChosenId(null);
          }}
        />
      ) : null}

      {sites && sites.length > 0 ? (
        <NewBudgetWizard
          isOpen={isCreating}
          onClose={() => setCreating(false)}
          companyId={companyId}
          sites={sites}
          isOnline={isOnline}
          thisMonth={localToday().slice(0, 7)}
          onCreate={async (budget) => {
            const id = await writes.create(companyId, budget);
            setFilter({ locationId: '', serviceType: '' });
            setChosenId(id);
          }}
        />
      ) : null}
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = BudgetsPage;
