import { useState } from 'react';
import { fetchPreviousData } from '../../api/budgets';
import { useUserDb } from '../../platform/database';
import { BudgetWriteError } from '../../db/mutations/budgets';
import type { NewBudget } from '../../db/mutations/budgets';
import { billsForPreviousYear } from '../../db/queries/budgets';
import { applyGrowth, MAX_BUDGET_MONTHS, periodsOverlap, previousYearItems } from '../../domain/budgetPlans';
import type { PreviousMonth } from '../../domain/budgetPlans';
import { budgetMonths } from '../../domain/budgets';
import { FULL_MONTH_NAMES } from '../../domain/dates';
import type { BudgetPlanItem } from '../../domain/budgets';
import { findServiceType, SERVICE_TYPES, serviceUnit } from '../../domain/serviceTypes';
import { ChoiceOptions, namedChoices } from '../../ui/fields/ChoiceOptions';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { Modal } from '../../ui/Modal';
import { OfflineNote } from '../../ui/OfflineNote';
import { useOpenGeneration } from '../../ui/useOpenGeneration';
import { Wizard } from '../../ui/Wizard';
import type { WizardStep } from '../../ui/Wizard';
import { BudgetItemsEditor } from './BudgetItemsEditor';

/** Props of the new budget wizard. */
export type NewBudgetWizardProps = {
  isOpen: boolean;
  onClose: () => void;
  companyId: number;
  sites: readonly { id: string; name: string }[];
  isOnline: boolean;
  /** Queues the budget (useBudgetWrites().create); a refusal throws with the rule's reasons. */
  onCreate: (budget: NewBudget) => Promise<void>;
  /** The first month offered: this month. */
  thisMonth: string;
};

/** Where the last "fill from last year" took its figures from, for the line under the button. */
type FillSource = { from: 'server' | 'device'; unbilled: number } | null;

function WizardForm({ onClose, companyId, sites, isOnline, onCreate, thisMonth }: NewBudgetWizardProps) {
  const db = useUserDb();
  const [locationId, setLocationId] = useState(sites[0]?.id ?? '');
  const [serviceType, setServiceType] = useState('electric');
  const [unit, setUnit] = useState(serviceUnit('electric'));
  const [startYear, setStartYear] = useState(thisMonth.slice(0, 4));
  const [startMonthNumber, setStartMonthNumber] = useState('1');
  const [monthCount, setMonthCount] = useState('12');
  const [growth, setGrowth] = useState('0');
  const [items, setItems] = useState<BudgetPlanItem[]>([]);
  const [fill, setFill] = useState<FillSource>(null);
  const [isFilling, setFilling] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const startMonth = `${startYear.padStart(4, '0')}-${startMonthNumber.padStart(2, '0')}`;
  const count = Number(monthCount);

  const checkWhat = (): boolean => {
    const found: Record<string, string> = {};
    if (!locationId) found.location = 'Pick a location';
    if (!unit.trim()) found.unit = 'Give the unit the usage is budgeted in';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const checkWhen = async (): Promise<boolean> => {
    const found: Record<string, string> = {};
    if (!/^\d{4}$/.test(startYear) || Number(startYear) < 1900) found.year = 'Give a year like 2026';
    if (!Number.isInteger(count) || count < 1 || count > MAX_BUDGET_MONTHS)
      found.count = `From 1 to ${MAX_BUDGET_MONTHS} months`;
    if (Object.keys(found).length === 0 && db) {
      const others = await db.budgets.where('locationId').equals(locationId).toArray();
      if (
        others.some(
          (other) =>
            other.serviceType === serviceType && periodsOverlap(other, { startMonth, monthCount: count }),
        )
      )
        found.year = 'This site already has a budget of this service for some of these months.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    // A new period starts from zero amounts; a kept one keeps what was typed.
    const months = budgetMonths(startMonth, count);
    if (items.map((item) => item.month).join() !== months.join()) {
      setItems(months.map((month) => ({ month, budgetSpendAmount: 0, budgetUsageAmount: 0 })));
      setFill(null);
    }
    return true;
  };

  /** Last year's figures: the server's (all the site's bills) online, the same rule over this device's bills offline. */
  const fillFromLastYear = async () => {
    const pct = Number(growth);
    if (!Number.isFinite(pct) || pct < -100 || pct > 1000) {
      setErrors({ growth: 'A percentage from −100 to 1000' });
      return;
    }
    setErrors({});
    setFilling(true);
    try {
      let previous: PreviousMonth[] | null = null;
      let from: 'server' | 'device' = 'device';
      const service = findServiceType(serviceType);
      if (isOnline && service) {
        const answer = await fetchPreviousData({
          locationId,
          serviceGroupId: service.id,
          startYear: Number(startYear),
          startMonth: Number(startMonthNumber),
          numOfMonths: count,
          unit,
        });
        if (answer.ok) {
          previous = answer.data.items;
          from = 'server';
        }
      }
      if (!previous && db) {
        const bills = await billsForPreviousYear(db, companyId, locationId, startMonth, count);
        previous = previousYearItems(bills, serviceType, unit, startMonth, count);
      }
      if (!previous) return;
      setItems(applyGrowth(previous, pct));
      setFill({ from, unbilled: previous.filter((month) => !month.isBilled).length });
    } finally {
      setFilling(false);
    }
  };

  const finish = async () => {
    setProblem(null);
    try {
      await onCreate({ locationId, serviceType, unit: unit.trim(), startMonth, monthCount: count, items });
      onClose();
    } catch (caught) {
      setProblem(
        caught instanceof BudgetWriteError || caught instanceof Error
          ? caught.message
          : 'The budget could not be saved.',
      );
    }
  };

  const steps: WizardStep[] = [
    {
      id: 'what',
      title: 'Site and service',
      beforeChange: checkWhat,
      content: (
        <div className="form budgets-wizard__fields">
          <SelectField
            label="Location"
            required
            value={locationId}
            onChange={setLocationId}
            error={errors.location}
            data-autofocus
          >
            <ChoiceOptions choices={namedChoices(sites)} />
          </SelectField>
          <SelectField
            label="Service"
            required
            value={serviceType}
            onChange={(value) => {
              setServiceType(value);
              setUnit(serviceUnit(value));
            }}
          >
            <ChoiceOptions choices={SERVICE_TYPES} />
          </SelectField>
          <TextField
            label="Unit"
            required
            value={unit}
            onChange={setUnit}
            error={errors.unit}
            hint="The unit usage is budgeted in; bills in other units of the same kind are converted."
            maxLength={20}
          />
        </div>
      ),
    },
    {
      id: 'when',
      title: 'Period',
      beforeChange: checkWhen,
      content: (
        <div className="form budgets-wizard__fields">
          <TextField
            label="Start year"
            required
            inputMode="numeric"
            value={startYear}
            onChange={setStartYear}
            error={errors.year}
            maxLength={4}
          />
          <SelectField label="Start month" required value={startMonthNumber} onChange={setStartMonthNumber}>
            {FULL_MONTH_NAMES.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Number of months"
            required
            type="number"
            min={1}
            max={MAX_BUDGET_MONTHS}
            value={monthCount}
            onChange={setMonthCount}
            error={errors.count}
          />
        </div>
      ),
    },
    {
      id: 'amounts',
      title: 'Amounts',
      content: (
        <div className="budgets-wizard__amounts">
          <div className="budgets-wizard__fill">
            <TextField
              label="Growth %"
              type="number"
              step="0.1"
              value={growth}
              onChange={setGrowth}
              error={errors.growth}
            />
            <button
              type="button"
              className="btn btn--secondary"
              aria-busy={isFilling || undefined}
              disabled={isFilling}
              onClick={() => void fillFromLastYear()}
            >
              Fill from last year
            </button>
          </div>
          <p className="muted" role="status">
            {fill === null
              ? 'Type the amounts, or fill them from last year’s bills grown by the percentage.'
              : fill.unbilled === items.length
                ? 'Last year has no bill of this service at this site: type the amounts.'
                : `Filled from last year’s bills ${fill.from === 'server' ? 'on the server' : 'on this device'}${
                    fill.unbilled > 0
                      ? ` (${fill.unbilled} months without a bill take the average of the others)`
                      : ''
                  }.`}
          </p>
          <BudgetItemsEditor items={items} unit={unit} onChange={setItems} />
          {!isOnline ? (
            <OfflineNote>
              You are offline: the budget is saved on this device now and sent when you are back online.
            </OfflineNote>
          ) : null}
          {problem ? (
            <p className="notice notice--danger" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ),
    },
  ];

  return <Wizard label="New budget" steps={steps} onFinish={finish} />;
}

/** Creating a budget (spec 001 §7 Budgets): a three-step wizard in a dialog, queued through the outbox on Finish. */
export function NewBudgetWizard(props: NewBudgetWizardProps) {
  const generation = useOpenGeneration(props.isOpen);
  return (
    <Modal isOpen={props.isOpen} onClose={props.onClose} title="New budget" size="lg">
      <WizardForm key={generation} {...props} />
    </Modal>
  );
}
