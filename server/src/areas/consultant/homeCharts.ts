import { sql } from 'drizzle-orm';
import type { CompanyRow } from '../../auth/accessQueries';
import type { Db } from '../../db/client';
import { OPEN_ALERT_STATUSES } from '../../../../src/domain/alerts';
import { openAlertsFrom } from '../../../../src/domain/counts';
import { CONTRACT_DUE_DAYS, countContractsDue } from '../../../../src/domain/contracts';
import type { HomeChartsData } from '../../../../src/domain/homeCharts';
import { sumMoney } from '../../../../src/domain/money';
import { utcToday } from '../locations/attention';
import { billWindow, windowRange } from '../bills/billSeries';

/**
 * Aggregates in SQL: each service's totals over its own latest 12 bill months (spec 000 §Home, 001: "the latest 12
 * months per service type", so a service billed late still gets twelve of its months); the monthly charges over the
 * company's latest 12 bill months (docs/architecture.md §6, the
 * window of billWindow). Sums are taken in numeric, so cents stay exact; the contracts due are counted by the rule
 * the client home page counts them with.
 */
export async function homeChartsData(db: Db, company: CompanyRow): Promise<HomeChartsData> {
  const id = company.id;
  const months = await billWindow(db, { companyId: id });
  const { first, last } = windowRange(months);

  const byService = await db.execute<{
    service_type: string;
    charges: string;
    usage: string;
    unit: string | null;
  }>(sql`
    with lines as (
      select s->>'serviceType' as service_type, b.bill_month, s
      from bills b, jsonb_array_elements(b.services) s
      where b.company_id = ${id}
    ), latest as (
      select service_type, max(bill_month) as last_month,
             to_char(to_date(max(bill_month), 'YYYY-MM') - interval '11 months', 'YYYY-MM') as first_month
      from lines group by 1
    )
    select l.service_type,
           coalesce(sum((l.s->>'charges')::numeric), 0)::text as charges,
           coalesce(sum((l.s->>'usage')::numeric), 0)::text as usage,
           max(l.s->>'unit') as unit
    from lines l join latest w on w.service_type = l.service_type
    where l.bill_month between w.first_month and w.last_month
    group by 1 order by sum((l.s->>'charges')::numeric) desc`);
  const monthly = await db.execute<{ bill_month: string; charges: string }>(sql`
    select bill_month, coalesce(sum(total_new_charges), 0)::text as charges
    from bills where company_id = ${id} and bill_month between ${first} and ${last}
    group by 1 order by 1`);
  const counts = await db.execute<{
    locations: string;
    accounts: string;
    alerts: string;
  }>(sql`
    select
      (select count(*) from locations where company_id = ${id})::text as locations,
      (select count(*) from accounts where company_id = ${id})::text as accounts,
      (select count(*) from alerts where company_id = ${id} and status in (${sql.join(
        OPEN_ALERT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}) and import_date >= ${openAlertsFrom(utcToday())}::date)::text as alerts`);
  // Only contracts ending in the due window can count; the shared rule decides which do.
  const today = utcToday();
  const dueWindow = await db.execute<{ end_date: string; is_viewed: boolean; is_extended: boolean }>(sql`
    select end_date::text as end_date, is_viewed, is_extended from contracts where company_id = ${id}
      and end_date between ${today}::date and ${today}::date + ${CONTRACT_DUE_DAYS}::int`);
  const count = counts.rows[0];
  const services = byService.rows.map((row) => ({
    serviceType: row.service_type,
    charges: Number(row.charges),
    usage: Number(row.usage),
    unit: row.unit,
  }));
  return {
    companyId: id,
    name: company.name,
    months,
    totalCharges: sumMoney(services.map((row) => row.charges)),
    byService: services,
    monthlyCharges: monthly.rows.map((row) => ({ billMonth: row.bill_month, charges: Number(row.charges) })),
    locationCount: Number(count?.locations ?? 0),
    accountCount: Number(count?.accounts ?? 0),
    openAlerts: Number(count?.alerts ?? 0),
    contractsDue: countContractsDue(
      dueWindow.rows.map((row) => ({
        endDate: row.end_date,
        isViewed: row.is_viewed,
        isExtended: row.is_extended,
      })),
      today,
    ),
  };
}
