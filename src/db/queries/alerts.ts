// Alert reads (spec 001 §3 Alert, §7 Alerts): the list of a company by import date (the [companyId+importDate]
// index) with the filters of src/domain/alertList.ts, and one alert with its notes and its bill's history. Pages wrap
// them in live queries, so the list follows the sync and the user's own queued writes.
import { Dexie } from 'dexie';
import { alertMessage } from '../../domain/alertMessage';
import { alertDateRange, compareAlerts, matchesAlertFilter } from '../../domain/alertList';
import type { AlertListFilter } from '../../domain/alertList';
import { sumMoney } from '../../domain/money';
import type { OutboxStatus } from '../../domain/sync';
import { addMonths } from '../../domain/totals';
import type { PageAnswerSource } from '../pageAnswers';
import type { AppDb } from '../schema';
import type { AccountRow, AlertNoteRow, AlertRow, BillRow, LocationRow } from '../rows';
import { queuedRowsOf, queuedWrites } from './queuedWrites';

/** A row of the alerts list: the alert, what it says in words, and whether a write of it is queued. */
export interface AlertListRow extends AlertRow {
  message: string;
  queued: OutboxStatus | undefined;
}

/** The list and what its filters offer: the company's sites and accounts, by id. */
export interface AlertList {
  rows: AlertListRow[];
  locations: ReadonlyMap<string, Pick<LocationRow, 'id' | 'name'>>;
  accounts: ReadonlyMap<string, Pick<AccountRow, 'id' | 'accountNumber' | 'locationId'>>;
}

/** The list's stored answer (src/db/pageAnswers.ts): every table `alertList` reads. */
export const ALERT_LIST_SOURCE: PageAnswerSource = {
  name: 'alerts.list',
  tables: ['alerts', 'outbox', 'locations', 'accounts'],
};

/** A company's alerts in the filter's range that pass its filters, newest first. */
export async function alertList(db: AppDb, companyId: number, filter: AlertListFilter): Promise<AlertList> {
  const { from, to } = alertDateRange(filter);
  const [alerts, queued, locations, accounts] = await Promise.all([
    db.alerts
      .where('[companyId+importDate]')
      .between([companyId, from ?? Dexie.minKey], [companyId, to ?? Dexie.maxKey], true, true)
      .toArray(),
    queuedRowsOf(db, companyId, 'alerts'),
    db.locations.where('companyId').equals(companyId).toArray(),
    db.accounts.where('companyId').equals(companyId).toArray(),
  ]);
  const rows = alerts
    .filter((alert) => matchesAlertFilter(alert, filter))
    .sort(compareAlerts)
    .map((alert): AlertListRow => ({ ...alert, message: alertMessage(alert), queued: queued[alert.id] }));
  return {
    rows,
    locations: new Map(locations.map(({ id, name }) => [id, { id, name }])),
    accounts: new Map(
      accounts.map(({ id, accountNumber, locationId }) => [id, { id, accountNumber, locationId }]),
    ),
  };
}

/** One month of the bill's history: the account's bills of that month, summed. */
export interface HistoryMonth {
  billMonth: string;
  charges: number | null;
  usage: number | null;
}

/** One alert with what its panel shows. */
export interface AlertDetail {
  alert: AlertRow;
  notes: AlertNoteRow[];
  bill: BillRow | null;
  account: AccountRow | null;
  location: LocationRow | null;
  /** The 13 months ending with the bill's month (the same month last year to this one), oldest first. */
  history: HistoryMonth[];
  /** Other alerts raised on the same bill. */
  siblings: AlertRow[];
  /** Queued writes of the alert and its notes, by `alerts:{id}` / `alertNotes:{id}`. */
  queued: Readonly<Record<string, OutboxStatus>>;
}

/** The 13 months ending with `month`, each with the bills of those months summed (null where none). */
function historyOf(bills: readonly BillRow[], month: string): HistoryMonth[] {
  return Array.from({ length: 13 }, (_, i) => {
    const billMonth = addMonths(month, i - 12);
    const ofMonth = bills.filter((bill) => bill.billMonth === billMonth && !bill.isInvoiceMissing);
    if (ofMonth.length === 0) return { billMonth, charges: null, usage: null };
    const first = ofMonth.map((bill) => bill.services[0]).filter((service) => service !== undefined);
    return {
      billMonth,
      charges: sumMoney(ofMonth.map((bill) => bill.totalNewCharges)),
      usage: first.some((service) => service.usage !== null)
        ? first.reduce((sum, service) => sum + (service.usage ?? 0), 0)
        : null,
    };
  });
}

/** An alert with its notes (oldest first), bill, account, site and the bill's 13-month history; null if absent. */
export async function alertDetail(db: AppDb, alertId: string): Promise<AlertDetail | null> {
  const alert = await db.alerts.get(alertId);
  if (!alert) return null;
  const [notes, bill, account, location] = await Promise.all([
    db.alertNotes.where('alertId').equals(alertId).toArray(),
    alert.billId ? db.bills.get(alert.billId) : undefined,
    db.accounts.get(alert.accountId),
    db.locations.get(alert.locationId),
  ]);
  const month = bill?.billMonth ?? alert.importDate.slice(0, 7);
  const [history, siblings, queued] = await Promise.all([
    db.bills
      .where('[accountId+billMonth]')
      .between([alert.accountId, addMonths(month, -12)], [alert.accountId, month], true, true)
      .toArray(),
    alert.billId ? db.alerts.where('billId').equals(alert.billId).toArray() : [],
    queuedWrites(db, [
      ['alerts', alertId],
      ...notes.map((note): [string, string] => ['alertNotes', note.id]),
    ]),
  ]);
  notes.sort((a, b) =>
    a.createDate < b.createDate ? -1 : a.createDate > b.createDate ? 1 : a.id < b.id ? -1 : 1,
  );
  return {
    alert,
    notes,
    bill: bill ?? null,
    account: account ?? null,
    location: location ?? null,
    history: historyOf(history, month),
    siblings: siblings.filter((other) => other.id !== alertId),
    queued,
  };
}
