// ENERGY STAR monthly metrics and notes per site (spec 000 §3, 001 §7 Energy Star notes). Both synced, so the
// ENERGY STAR pages work offline and score updates and notes queue through the outbox.
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { syncColumns, syncIndex, tenantId, tenantKey, tenantRef, tenantUnique, timestamptz } from './columns';
import { companies } from './companies';
import { locations } from './locations';
import { users } from './users';
import type { PushedMeter } from '../../energyStar/provider';

/** One month of a site's ENERGY STAR score and intensities (kBtu, kBtu/ft², metric tons CO2e). */
export const energyStarMetrics = pgTable(
  'energy_star_metrics',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id').notNull(),
    // 'YYYY-MM', like bill months.
    metricMonth: varchar('metric_month', { length: 7 }).notNull(),
    score: integer('score'),
    // The baseline row the change numbers are measured against.
    isBaseline: boolean('is_baseline').notNull().default(false),
    sourceIntensity: doublePrecision('source_intensity'),
    locationIntensity: doublePrecision('location_intensity'),
    sourceTotal: doublePrecision('source_total'),
    locationTotal: doublePrecision('location_total'),
    totalGHGEmissions: doublePrecision('total_ghg_emissions'),
    startDate: date('start_date', { mode: 'string' }),
    dateMeterBecameActive: date('date_meter_became_active', { mode: 'string' }),
  },
  (t) => [
    index('energy_star_metrics_location_id_idx').on(t.locationId, t.companyId),
    tenantKey(t),
    tenantRef(
      'energy_star_metrics_location_id_fk',
      { column: t.locationId, companyId: t.companyId },
      locations,
    ),
    syncIndex('energy_star_metrics', t),
    tenantUnique('energy_star_metrics_location_month_key', t.companyId, t.locationId, t.metricMonth),
    index('energy_star_metrics_company_month_idx').on(t.companyId, t.metricMonth),
  ],
);

/** A note on a site's ENERGY STAR data. */
export const energyStarNotes = pgTable(
  'energy_star_notes',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id').notNull(),
    note: text('note').notNull(),
    createDate: timestamptz('create_date').notNull().defaultNow(),
    modifiedAt: timestamptz('modified_at'),
  },
  (t) => [
    tenantKey(t),
    tenantRef(
      'energy_star_notes_location_id_fk',
      { column: t.locationId, companyId: t.companyId },
      locations,
    ),
    syncIndex('energy_star_notes', t),
    index('energy_star_notes_location_id_idx').on(t.locationId),
  ],
);

/**
 * The last consumption push of each site to its Portfolio Manager property (docs/architecture.md §14): when, by whom
 * and what each meter got. Online only, read through its route, so not synced.
 */
export const energyStarPushes = pgTable(
  'energy_star_pushes',
  {
    locationId: uuid('location_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    pushedAt: timestamptz('pushed_at').notNull().defaultNow(),
    pushedBy: integer('pushed_by').references(() => users.id, { onDelete: 'set null' }),
    meters: jsonb('meters').$type<PushedMeter[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.companyId] }),
    tenantRef(
      'energy_star_pushes_location_id_fk',
      { column: t.locationId, companyId: t.companyId },
      locations,
      'cascade',
    ),
  ],
);
