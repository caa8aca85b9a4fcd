// Bill pay reads of spec 001 §7 that are synced to the device too: payment confirmations and client deposits
// (`GET [/companies/{companyId}]/billPayPaymentConfirmation` and `/clientDeposit`, fromDate and toDate). The totals
// and the running balance are the rules of src/domain/billPay.ts, which the device's tabs use on their synced rows.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  depositLedger,
  paymentMethodLabel,
  paymentTotalsByMethod,
  unmatchedAmount,
} from '../../../../src/domain/billPay';
import { companyOf } from '../../auth/access';
import { accounts, billPayBillNotes, bills, clientDeposits, paymentConfirmations } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { App, AppDeps } from '../../http/types';
import { IsoDate } from '../billdeliveries/billDeliveries';
import { CompanyScopeParams, EntityScopeParams, twinRoutes } from '../../http/twinRoutes';

const RangeQuery = Type.Object(
  { fromDate: Type.Optional(IsoDate), toDate: Type.Optional(IsoDate) },
  { additionalProperties: false },
);

function checkRange(query: { fromDate?: string; toDate?: string }) {
  if (query.fromDate !== undefined && query.toDate !== undefined && query.fromDate > query.toDate)
    throw badRequest('Invalid period', { toDate: 'Must not be before fromDate' });
}

function within(column: Parameters<typeof gte>[0], query: { fromDate?: string; toDate?: string }): SQL[] {
  return [
    ...(query.fromDate === undefined ? [] : [gte(column, query.fromDate)]),
    ...(query.toDate === undefined ? [] : [lte(column, query.toDate)]),
  ];
}

/** Registers the payment confirmation and client deposit calls with their consultant twins. */
export function billPayRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/billPayPaymentConfirmation', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: RangeQuery } },
      async (request) => {
        checkRange(request.query);
        const rows = await db
          .select({
            id: paymentConfirmations.id,
            accountId: paymentConfirmations.accountId,
            accountNumber: accounts.accountNumber,
            vendorName: accounts.vendorName,
            amount: paymentConfirmations.amount,
            paymentMethod: paymentConfirmations.paymentMethod,
            invoiceDate: paymentConfirmations.invoiceDate,
            paymentDate: paymentConfirmations.paymentDate,
            confirmationNumber: paymentConfirmations.confirmationNumber,
            billId: paymentConfirmations.billId,
          })
          .from(paymentConfirmations)
          .innerJoin(accounts, eq(accounts.id, paymentConfirmations.accountId))
          .where(
            and(
              eq(paymentConfirmations.companyId, companyOf(request).id),
              ...within(paymentConfirmations.paymentDate, request.query),
            ),
          )
          .orderBy(asc(paymentConfirmations.paymentDate), asc(accounts.accountNumber));
        return {
          paymentConfirmations: rows.map((row) => ({
            ...row,
            paymentMethod: paymentMethodLabel(row.paymentMethod),
          })),
          totals: paymentTotalsByMethod(rows),
        };
      },
    );
  }

  for (const route of twinRoutes('/clientDeposit', { area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: RangeQuery } },
      async (request) => {
        checkRange(request.query);
        const companyId = companyOf(request).id;
        const deposits = await db
          .select({
            id: clientDeposits.id,
            depositDate: clientDeposits.depositDate,
            transactionAmount: clientDeposits.transactionAmount,
            matchedAmount: clientDeposits.matchedAmount,
          })
          .from(clientDeposits)
          .where(
            and(
              eq(clientDeposits.companyId, companyId),
              ...within(clientDeposits.depositDate, request.query),
            ),
          )
          .orderBy(asc(clientDeposits.depositDate));
        const payments = await db
          .select({ amount: paymentConfirmations.amount, paymentDate: paymentConfirmations.paymentDate })
          .from(paymentConfirmations)
          .where(
            and(
              eq(paymentConfirmations.companyId, companyId),
              ...within(paymentConfirmations.paymentDate, request.query),
            ),
          );
        return {
          clientDeposits: deposits.map((row) => ({ ...row, unmatchedAmount: unmatchedAmount(row) })),
          ledger: depositLedger(deposits, payments),
        };
      },
    );
  }
  // spec 001 §3: the bill pay team's notes on a bill, oldest first (shown on the bill and beside its payment).
  for (const route of twinRoutes('/BillPayBillNotes/:id', { entity: 'bills', area: 'billpay' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: EntityScopeParams } },
      async (request) => {
        const companyId = companyOf(request).id;
        const billId = request.params.id.toLowerCase();
        const [bill] = await db
          .select({ id: bills.id })
          .from(bills)
          .where(and(eq(bills.id, billId), eq(bills.companyId, companyId)));
        if (!bill) throw notFound('No such bill');
        return db
          .select({
            id: billPayBillNotes.id,
            billId: billPayBillNotes.billId,
            note: billPayBillNotes.note,
            authorName: billPayBillNotes.authorName,
            createdAt: billPayBillNotes.createdAt,
          })
          .from(billPayBillNotes)
          .where(and(eq(billPayBillNotes.billId, billId), eq(billPayBillNotes.companyId, companyId)))
          .orderBy(asc(billPayBillNotes.createdAt), asc(billPayBillNotes.id));
      },
    );
  }
  return Promise.resolve();
}
