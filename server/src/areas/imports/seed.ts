// The demo's import batch per company: an hourly interval file for one electric account over the last bill month, as
// a utility's Green Button "Download My Data" file brings it, so the imports list and the account's interval chart
// have a row. Its usage is the month's bill spread over a day-and-night load shape (the demo's data are generated);
// the month's bill itself came with the seed, so the batch brings no bill (one duplicate).
import { importBatches, intervalMonths } from '../../db/schema';
import type { SeedWriter } from '../../seed/bulkInsert';
import type { SeededCompany } from '../../seed/context';
import { rngFor } from '../../seed/random';

/** A weekday office-like shape: low at night, a plateau from 8 to 18 (relative, normalised below). */
function hourShape(hour: number, isWeekend: boolean): number {
  const day = hour >= 8 && hour < 18 ? 1 : hour >= 6 && hour < 21 ? 0.6 : 0.35;
  return isWeekend ? 0.35 + (day - 0.35) * 0.3 : day;
}

export async function seedArea(writer: SeedWriter, { ctx, accountBills }: SeededCompany): Promise<void> {
  const rng = rngFor(ctx.seed, 'imports', ctx.companyId);
  const month = ctx.months[ctx.months.length - 1];
  const electric = accountBills.find(({ account }) => account.row.services.split(',').includes('electric'));
  const bill = electric?.bills.find((one) => one.billMonth === month);
  const usage =
    bill?.services.find((service) => service.serviceType.toLowerCase() === 'electric')?.usage ?? null;
  const batchId = rng.uuid();
  const [year = 2000, monthNumber = 1] = (month ?? '2000-01').split('-').map(Number);
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const shape = Array.from({ length: days * 24 }, (_, slot) => {
    const weekday = new Date(Date.UTC(year, monthNumber - 1, 1 + Math.floor(slot / 24))).getUTCDay();
    return hourShape(slot % 24, weekday === 0 || weekday === 6) * (0.9 + rng.next() * 0.2);
  });
  const total = shape.reduce((sum, value) => sum + value, 0);
  const values = shape.map((value) => Math.round((value / total) * (usage ?? 0) * 1000) / 1000);
  const hasInterval = electric !== undefined && usage !== null && month !== undefined;
  await writer.insertSynced(importBatches, ctx.companyId, [
    {
      id: batchId,
      companyId: ctx.companyId,
      createdBy: null,
      createdAt: ctx.stamp,
      updatedAt: ctx.stamp,
      fileName: 'green-button-hourly.xml',
      kind: 'greenButton',
      mapping: null,
      counts: {
        rows: hasInterval ? 1 : 0,
        bills: 0,
        lines: 0,
        duplicates: hasInterval ? 1 : 0,
        replaced: 0,
        errors: 0,
        accountsCreated: 0,
      },
      totals: [],
      status: 'applied',
      errors: [],
    },
  ]);
  if (!hasInterval) return;
  await writer.insertSynced(intervalMonths, ctx.companyId, [
    {
      id: rng.uuid(),
      companyId: ctx.companyId,
      updatedAt: ctx.stamp,
      accountId: electric.account.row.id,
      importBatchId: batchId,
      month,
      serviceType: 'Electric',
      unit: 'kWh',
      intervalSeconds: 3600,
      // Slots from midnight UTC on the 1st: the demo's hours are not tied to a site's time zone.
      startsAt: `${month}-01T00:00:00.000Z`,
      values,
    },
  ]);
}
