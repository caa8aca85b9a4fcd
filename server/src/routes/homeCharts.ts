import { sql } from 'drizzle-orm';
import type { CompanyRow } from '../auth/accessQueries';
import type { Db } from '../db/client';
import { OPEN_ALERT_STATUSES } from '../../../src/domain/alerts';
import type { HomeChartsData } from '../../../src/domain/homeCharts';

/**
 * Aggregates in SQL over the bills' per-service summaries: "latest 12 months" are the 12 calendar
 * months ending with the latest bill month (DESIGN.md §6). Sums are taken in numeric, so cents stay exact.
 */
export async function homeChartsData(db: Db, company: CompanyRow): Promise<HomeChartsData> {
  const id = company.id;
  const latest = await db.execute<{ latest: string | null }>(
    sql`select max(bill_month) as latest from bills where company_id = ${id}`,
  );
  const latestMonth = latest.rows[0]?.latest ?? null;
  const months: string[] = [];
  if (latestMonth) {
    const [year, month] = latestMonth.split('-').map(Number);
    for (let offset = 11; offset >= 0; offset -= 1) {
      const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1 - offset, 1));
      months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
    }
  }
  const first = months[0] ?? '9999-99';
  const last = months[months.length - 1] ?? '0000-00';

  const byService = await db.execute<{
    service_type: string;
    charges: string;
    usage: string;
    unit: string | null;
  }>(sql`
    select s->>'serviceType' as service_type,
           coalesce(sum((s->>'charges')::numeric), 0)::text as charges,
           coalesce(sum((s->>'usage')::numeric), 0)::text as usage,
           max(s->>'unit') as unit
    from bills b, jsonb_array_elements(b.services) s
    where b.company_id = ${id} and b.bill_month between ${first} and ${last}
    group by 1 order by sum((s->>'charges')::numeric) desc`);
  const monthly = await db.execute<{ bill_month: string; charges: string }>(sql`
    select bill_month, coalesce(sum(total_new_charges), 0)::text as charges
    from bills where company_id = ${id} and bill_month between ${first} and ${last}
    group by 1 order by 1`);
  const counts = await db.execute<{
    locations: string;
    accounts: string;
    alerts: string;
    contracts: string;
  }>(sql`
    select
      (select count(*) from locations where company_id = ${id})::text as locations,
      (select count(*) from accounts where company_id = ${id})::text as accounts,
      (select count(*) from alerts where company_id = ${id} and status in (${sql.join(
        OPEN_ALERT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}))::text as alerts,
      (select count(*) from contracts where company_id = ${id} and not is_extended
         and end_date >= current_date and end_date <= current_date + 30)::text as contracts`);
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
    totalCharges: Number(services.reduce((sum, row) => sum + Math.round(row.charges * 100), 0)) / 100,
    byService: services,
    monthlyCharges: monthly.rows.map((row) => ({ billMonth: row.bill_month, charges: Number(row.charges) })),
    locationCount: Number(count?.locations ?? 0),
    accountCount: Number(count?.accounts ?? 0),
    openAlerts: Number(count?.alerts ?? 0),
    contractsDue: Number(count?.contracts ?? 0),
  };
}
