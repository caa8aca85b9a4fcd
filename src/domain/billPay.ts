// Bill pay display and accrual rules of spec 001 §4 and §9, and the totals of the Bill pay tabs.
import { fromCents, toCents } from './money';

/** Every payment method other than a paper check is electronic, so it shows as DIGITAL. */
export function paymentMethodLabel(m: string): 'CHECK' | 'DIGITAL' {
  return m.trim().toUpperCase() === 'CHECK' ? 'CHECK' : 'DIGITAL';
}

/** Accrual per day of service; fewer than one (or unknown) days count as one so a bill never divides by zero. */
export function accrualPerDay(amount: number, daysOfService: number): number {
  const days = Number.isFinite(daysOfService) ? Math.max(1, daysOfService) : 1;
  return amount / days;
}

/** What the payment totals read of a payment confirmation. */
export interface PaymentInput {
  amount: number;
  paymentMethod: string;
  paymentDate: string;
}

/** Totals of payments by the method shown (CHECK or DIGITAL), in dollars, with their counts. */
export interface PaymentTotals {
  check: number;
  digital: number;
  total: number;
  checkCount: number;
  digitalCount: number;
}

/** Sums payments by the method they show as, exactly to the cent. */
export function paymentTotalsByMethod(
  rows: readonly Pick<PaymentInput, 'amount' | 'paymentMethod'>[],
): PaymentTotals {
  let check = 0;
  let digital = 0;
  let checkCount = 0;
  for (const row of rows) {
    if (paymentMethodLabel(row.paymentMethod) === 'CHECK') {
      check += toCents(row.amount);
      checkCount += 1;
    } else digital += toCents(row.amount);
  }
  return {
    check: fromCents(check),
    digital: fromCents(digital),
    total: fromCents(check + digital),
    checkCount,
    digitalCount: rows.length - checkCount,
  };
}

/** Whether an ISO date lies within from/to, inclusive; an empty bound is open. */
export function isInDateRange(date: string | null, from: string, to: string): boolean {
  if (date === null) return from === '' && to === '';
  return (from === '' || date >= from) && (to === '' || date <= to);
}

/** What the deposit rules read of a client deposit. */
export interface DepositInput {
  id: string;
  depositDate: string;
  transactionAmount: number;
  matchedAmount: number;
}

/** The part of a deposit not matched to bills yet. */
export function unmatchedAmount(deposit: Pick<DepositInput, 'transactionAmount' | 'matchedAmount'>): number {
  return fromCents(toCents(deposit.transactionAmount) - toCents(deposit.matchedAmount));
}

/** One line of the deposit ledger: a deposit, or the day's payments together, and the balance after it. */
export interface LedgerLine {
  date: string;
  kind: 'deposit' | 'payments';
  /** Deposits positive, payments negative. */
  amount: number;
  /** Payments of the day (1 for a deposit). */
  count: number;
  balance: number;
}

/**
 * The running balance of deposits against payments, oldest first: each deposit adds, each day's payments subtract
 * (deposits first within a day, as the money arrives before it is spent). `opening` is the balance before.
 */
export function depositLedger(
  deposits: readonly Pick<DepositInput, 'depositDate' | 'transactionAmount'>[],
  payments: readonly Pick<PaymentInput, 'amount' | 'paymentDate'>[],
  opening = 0,
): LedgerLine[] {
  const paid = new Map<string, { cents: number; count: number }>();
  for (const payment of payments) {
    const day = paid.get(payment.paymentDate) ?? { cents: 0, count: 0 };
    day.cents += toCents(payment.amount);
    day.count += 1;
    paid.set(payment.paymentDate, day);
  }
  const events: { date: string; order: number; cents: number; count: number }[] = [
    ...deposits.map((d) => ({
      date: d.depositDate,
      order: 0,
      cents: toCents(d.transactionAmount),
      count: 1,
    })),
    ...[...paid].map(([date, day]) => ({ date, order: 1, cents: -day.cents, count: day.count })),
  ];
  events.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
  let balance = toCents(opening);
  return events.map((event) => {
    balance += event.cents;
    return {
      date: event.date,
      kind: event.order === 0 ? 'deposit' : 'payments',
      amount: fromCents(event.cents),
      count: event.count,
      balance: fromCents(balance),
    };
  });
}

/** Whether the Accruals tab and calls are open: consultants always, clients with the company's accrualsAccess. */
export function canUseAccruals(
  roles: { isConsultant: boolean },
  company: { accrualsAccess: boolean },
): boolean {
  return roles.isConsultant || company.accrualsAccess;
}

/**
 * Whether these roles may read bill pay's payments, deposits and accruals at all: everyone but a limited client
 * (spec 000 §5). The change feed serves those entities by this rule (server/src/sync/entities.ts `readableBy`) and
 * the Bill Pay guard asks it too (src/domain/nav.ts), so a device never holds rows its user may not open.
 */
export function mayReadBillPay(roles: { isConsultant: boolean; isLimitedClient: boolean }): boolean {
  return roles.isConsultant || !roles.isLimitedClient;
}
