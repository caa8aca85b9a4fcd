// Accounts payable (spec 001 §3, §7): `GET [/companies/{companyId}]/accounts_payable` with CreateDate, or DueDateFrom
// and DueDateTo. The figures come from src/domain/accountsPayable.ts, the rule the device's page uses on its synced
// rows, so the server and the device agree.
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { accountsPayableFigures } from '../../../../src/domain/accountsPayable';
import type { ApPeriod } from '../../../../src/domain/accountsPayable';
import { companyOf } from '../../auth/access';
import { apDeliveries } from '../../db/schema';
import { badRequest } from '../../errors';
import type { App, AppDeps } from '../../http/types';
import { CompanyScopeParams, twinRoutes } from '../../http/twinRoutes';

import { IsoDate } from '../../http/commonSchemas';

/** The calendar date of every route (http/commonSchemas.ts), named here for the bill pay routes that import it. */
export { IsoDate };

const ApQuery = Type.Object(
  {
    CreateDate: Type.Optional(IsoDate),
    DueDateFrom: Type.Optional(IsoDate),
    DueDateTo: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);

/** The period a query names; a 400 with the fields when it names none, or half of the due range. */
function periodOf(query: { CreateDate?: string; DueDateFrom?: string; DueDateTo?: string }): ApPeriod {
  const { CreateDate, DueDateFrom, DueDateTo } = query;
  if (CreateDate !== undefined && DueDateFrom === undefined && DueDateTo === undefined)
    return { kind: 'created', date: CreateDate };
  if (CreateDate === undefined && DueDateFrom !== undefined && DueDateTo !== undefined) {
    if (DueDateFrom > DueDateTo)
      throw badRequest('Invalid period', { DueDateTo: 'Must not be before DueDateFrom' });
    return { kind: 'due', from: DueDateFrom, to: DueDateTo };
  }
  const message = 'Give CreateDate, or DueDateFrom and DueDateTo';
  if (CreateDate !== undefined) throw badRequest('Invalid period', { CreateDate: message });
  throw badRequest('Invalid period', {
    ...(DueDateFrom === undefined ? { DueDateFrom: message } : {}),
    ...(DueDateTo === undefined ? { DueDateTo: message } : {}),
  });
}

/** Registers the accounts payable call and its consultant twin. */
export function billDeliveriesRoutes(app: App, { db }: AppDeps): Promise<void> {
  for (const route of twinRoutes('/accounts_payable', { area: 'billdeliveries' })) {
    app.get(
      route.url,
      { config: { access: route.access }, schema: { params: CompanyScopeParams, querystring: ApQuery } },
      async (request) => {
        const period = periodOf(request.query);
        const rows = await db
          .select({
            id: apDeliveries.id,
            vendorName: apDeliveries.vendorName,
            accountNumber: apDeliveries.accountNumber,
            locationId: apDeliveries.locationId,
            apFileDate: apDeliveries.apFileDate,
            invoiceDate: apDeliveries.invoiceDate,
            dueDate: apDeliveries.dueDate,
            amount: apDeliveries.amount,
            isPenalty: apDeliveries.isPenalty,
            serviceGroup: apDeliveries.serviceGroup,
          })
          .from(apDeliveries)
          .where(eq(apDeliveries.companyId, companyOf(request).id));
        return accountsPayableFigures(rows, period);
      },
    );
  }
  return Promise.resolve();
}
