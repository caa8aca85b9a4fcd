// `npm run bench:audits`: the bill audits (src/domain/billAudits.ts) over the seed's data, built in memory as the
// seed builds it (no database: the audits are pure, and the seed runs them over the bills it generates).
// 1. How many bills each audit flags in each demo company (with the estimated reads and power-factor charges of the
//    bills' lines, as the seed passes them), at the default thresholds.
// 2. How long all audits take over the scale-L company (1,200 sites, 36 months): every account's bills, as the
//    seed runs them; the median of RUNS runs, and per 1,000 bills, so a larger company's time can be estimated.
// 3. How long the weather outlier takes (the audit a company with weather normalisation adds: a CalTRACK model per
//    bill on the year before it, src/domain/weather/weatherOutlier.ts) over the first `--weather-accounts` accounts
//    of the scale company. The product has no temperatures of the seed's years offline, so for timing only the
//    bundled Chicago year (2014-07..2015-06) is laid over every year the bills span.
// Options: `--scale S|M|L` (default L), `--runs N` (default 5), `--as-of YYYY-MM-DD`, `--weather-accounts N`
// (default 100).
import { parseArgs } from 'node:util';
import { AUDIT_RULES, auditAccountBills, billLineFacts } from '../src/domain/billAudits';
import type { AuditedBill, AuditRule } from '../src/domain/billAudits';
import { AUDIT_RULE_LABELS } from '../src/domain/alertMessage';
import { vendorNamesFor } from '../server/src/seed/accounts';
import { generateAccounts } from '../server/src/seed/accounts';
import { generateBills } from '../server/src/seed/bills';
import type { BillData } from '../server/src/seed/bills';
import type { CompanyContext } from '../server/src/seed/context';
import { DEMO_SEED, SEED_AS_OF, seedContext } from '../server/src/seed/demo';
import { generateLocations } from '../server/src/seed/locations';
import { CLIENT_PLANS, COMPANY_IDS, scalePlan } from '../server/src/seed/plans';
import type { CompanyPlan } from '../server/src/seed/plans';
import { uuidFromName } from '../server/src/seed/random';
import { SCALE_SIZES, isScaleLabel } from '../server/src/seed/scale';
import type { DailyTemperatures } from '../src/domain/weather/degreeDays';
import { bundledTemperatures } from '../src/domain/weather/stations';
import { weatherOutlierAudit } from '../src/domain/weather/weatherOutlier';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'L' },
    runs: { type: 'string', default: '5' },
    'as-of': { type: 'string' },
    'weather-accounts': { type: 'string', default: '100' },
  },
});
const scale = values.scale ?? 'L';
if (!isScaleLabel(scale)) throw new Error(`--scale must be one of ${Object.keys(SCALE_SIZES).join(', ')}`);
const runs = Math.max(1, Number(values.runs ?? '5'));
const asOf = values['as-of'] ? new Date(`${values['as-of']}T00:00:00Z`) : SEED_AS_OF;

/** One company's accounts and bills as the seed generates them. */
function companyBills(plan: CompanyPlan, companyId: number, billLines: boolean): BillData {
  const base = seedContext(DEMO_SEED, asOf, 'demo', 36, billLines);
  const vendorIds = new Map(vendorNamesFor(plan).map((name) => [name, uuidFromName(name)]));
  const ctx: CompanyContext = {
    ...base,
    plan,
    companyId,
    vendorIds,
    staff: { superId: null, consultantId: null, clientIds: [] },
  };
  const site = generateLocations(ctx);
  const acct = generateAccounts(ctx, site.locations);
  return generateBills(ctx, acct.accounts);
}

/** Audits every account of a company as the seed does (with the weather outlier on `temperatures`); answers the alerts raised. */
function auditCompany(
  data: BillData,
  today: string,
  temperatures?: DailyTemperatures,
): ReturnType<typeof auditAccountBills> {
  const facts = billLineFacts(data.usages, data.charges);
  return data.accountBills.flatMap(({ account, bills }) =>
    auditAccountBills(
      {
        id: account.row.id,
        services: account.row.services,
        nextExpectedDeliveryDate: account.row.nextExpectedDeliveryDate ?? null,
      },
      facts.size === 0 ? bills : bills.map((bill): AuditedBill => ({ ...bill, ...facts.get(bill.id) })),
      today,
      undefined,
      temperatures ? { extraAudits: [weatherOutlierAudit(bills, temperatures, 95)] } : {},
    ),
  );
}

/** The bundled Chicago Midway year laid over every year from `firstYear` to `lastYear` (timing only). */
function chicagoYearsOver(firstYear: number, lastYear: number): DailyTemperatures {
  const bundled = bundledTemperatures('USW00014819');
  const laid = new Map<string, number>();
  for (let year = firstYear; year <= lastYear; year += 1)
    for (const [day, value] of bundled) {
      const month = Number(day.slice(5, 7));
      const shifted = month >= 7 ? year : year + 1;
      laid.set(`${shifted}${day.slice(4)}`, value);
    }
  return laid;
}

const today = seedContext(DEMO_SEED, asOf, 'demo', 36, false).asOf;
console.log(`Bill audits as of ${today}, default thresholds\n`);

// 1. Bills flagged per audit in each demo company.
const demo = Object.entries(CLIENT_PLANS).map(([key, plan]) => {
  const data = companyBills(plan, COMPANY_IDS[key as keyof typeof CLIENT_PLANS], true);
  const bills = data.accountBills.reduce(
    (sum, a) => sum + a.bills.filter((b) => !b.isInvoiceMissing).length,
    0,
  );
  const flagged = new Map<AuditRule, Set<string>>();
  const raisedAlerts = plan.flags.alertsAccess === true ? auditCompany(data, today) : [];
  const anyRule = new Set(raisedAlerts.flatMap((alert) => (alert.billId ? [alert.billId] : [])));
  for (const alert of raisedAlerts) {
    const set = flagged.get(alert.rule) ?? new Set<string>();
    set.add(alert.billId ?? alert.auditKey);
    flagged.set(alert.rule, set);
  }
  return {
    name: plan.name,
    bills,
    flagged,
    alerts: plan.flags.alertsAccess === true,
    total: raisedAlerts.length,
    anyRule: anyRule.size,
  };
});
const width = Math.max(...AUDIT_RULES.map((rule) => AUDIT_RULE_LABELS[rule].length));
const header = ['Audit'.padEnd(width), ...demo.map((c) => c.name.slice(0, 14).padStart(15))].join(' |');
console.log(header);
console.log('-'.repeat(header.length));
console.log(
  ['Bills with an invoice'.padEnd(width), ...demo.map((c) => String(c.bills).padStart(15))].join(' |'),
);
const row = (label: string, value: (c: (typeof demo)[number]) => number) =>
  console.log(
    [
      label.padEnd(width),
      ...demo.map((c) => (c.alerts ? String(value(c)) : '(no alerts)').padStart(15)),
    ].join(' |'),
  );
row('Alerts raised (all audits)', (c) => c.total);
row('Bills with any alert', (c) => c.anyRule);
for (const rule of AUDIT_RULES)
  console.log(
    [
      AUDIT_RULE_LABELS[rule].padEnd(width),
      ...demo.map((c) => (c.alerts ? String(c.flagged.get(rule)?.size ?? 0) : '(no alerts)').padStart(15)),
    ].join(' |'),
  );

// 2. Every audit over the scale company.
const plan = scalePlan(scale, SCALE_SIZES[scale]);
const data = companyBills(plan, 100, false);
const billCount = data.accountBills.reduce((sum, a) => sum + a.bills.length, 0);
console.log(`\n${plan.name}: ${data.accountBills.length} accounts, ${billCount} bills`);
const times: number[] = [];
let raised = 0;
for (let run = 1; run <= runs; run += 1) {
  const started = performance.now();
  raised = auditCompany(data, today).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
console.log(
  `all audits: median ${(median / 1000).toFixed(2)} s over ${runs} runs ` +
    `(fastest ${((times[0] ?? 0) / 1000).toFixed(2)} s), ${((median / billCount) * 1000).toFixed(1)} ms per 1,000 bills; ` +
    `${raised} alerts`,
);

// 3. The weather outlier over some of the scale company's accounts.
const weatherAccounts = Math.max(1, Number(values['weather-accounts'] ?? '100'));
const weatherData: BillData = { ...data, accountBills: data.accountBills.slice(0, weatherAccounts) };
const weatherBills = weatherData.accountBills.flatMap((a) => a.bills);
const years = weatherBills.map((bill) => Number(bill.billMonth.slice(0, 4)));
const temperatures = chicagoYearsOver(Math.min(...years) - 2, Math.max(...years) + 1);
const without = performance.now();
auditCompany(weatherData, today);
const withoutMs = performance.now() - without;
const started = performance.now();
const weatherAlerts = auditCompany(weatherData, today, temperatures).filter(
  (alert) => alert.rule === 'weather_outlier',
).length;
const weatherMs = performance.now() - started - withoutMs;
console.log(
  `weather outlier: ${weatherData.accountBills.length} accounts, ${weatherBills.length} bills: ` +
    `${(weatherMs / 1000).toFixed(2)} s beyond the other audits, ${(weatherMs / weatherBills.length).toFixed(2)} ms per bill; ` +
    `${weatherAlerts} weather outliers`,
);
