// Locations (sites) and what hangs off them in spec 000 §3: custom attributes, tags, grid settings. All synced.
// Synced children reference synced parents without ON DELETE CASCADE: a cascade would remove rows without
// writing their tombstones, so deletes go through the application, which records one per row.
import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { syncColumns, syncIndex, tenantId, tenantKey, tenantRef, tenantUnique } from './columns';
import { users } from './users';

/** A site of a company. */
export const locations = pgTable(
  'locations',
  {
    id: tenantId(),
    ...syncColumns(),
    name: text('name').notNull(),
    // The client's own store or site number (exports' site_number).
    siteNumber: text('site_number'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    // State, territory or province key of the spec's state list (e.g. 'TX').
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    sqft: integer('sqft'),
    siteType: text('site_type'),
    isEnergyStarActive: boolean('is_energy_star_active').notNull().default(false),
    // ENERGY STAR Portfolio Manager property id, when the site is registered there.
    esPropertyId: text('es_property_id'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    tenantKey(t),
    syncIndex('locations', t),
    index('locations_company_state_idx').on(t.companyId, t.state),
  ],
);

/** A company-defined extra column of the location grid, ordered by `position`. */
export const customAttributes = pgTable(
  'custom_attributes',
  {
    id: tenantId(),
    ...syncColumns(),
    attributeName: text('attribute_name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [tenantKey(t), syncIndex('custom_attributes', t)],
);

/** The value of one custom attribute at one location. */
export const locationAttributeValues = pgTable(
  'location_attribute_values',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id').notNull(),
    attributeId: uuid('attribute_id').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [
    index('location_attribute_values_location_id_idx').on(t.locationId, t.companyId),
    tenantKey(t),
    tenantRef(
      'location_attribute_values_location_id_fk',
      { column: t.locationId, companyId: t.companyId },
      locations,
    ),
    tenantRef(
      'location_attribute_values_attribute_id_fk',
      { column: t.attributeId, companyId: t.companyId },
      customAttributes,
    ),
    syncIndex('location_attribute_values', t),
    tenantUnique(
      'location_attribute_values_location_attribute_key',
      t.companyId,
      t.locationId,
      t.attributeId,
    ),
    index('location_attribute_values_attribute_id_idx').on(t.attributeId),
  ],
);

/** A company tag that sites can carry. */
export const tags = pgTable(
  'tags',
  {
    id: tenantId(),
    ...syncColumns(),
    text: text('text').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [tenantKey(t), syncIndex('tags', t)],
);

/** A tag associated with a site. */
export const siteTags = pgTable(
  'site_tags',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    index('site_tags_location_id_idx').on(t.locationId, t.companyId),
    tenantKey(t),
    tenantRef('site_tags_location_id_fk', { column: t.locationId, companyId: t.companyId }, locations),
    tenantRef('site_tags_tag_id_fk', { column: t.tagId, companyId: t.companyId }, tags),
    syncIndex('site_tags', t),
    tenantUnique('site_tags_location_tag_key', t.companyId, t.locationId, t.tagId),
    index('site_tags_tag_id_idx').on(t.tagId),
  ],
);

/** A user's saved column list for one grid in one company; the change feed sends only the caller's own rows. */
export const gridSettings = pgTable(
  'grid_settings',
  {
    id: tenantId(),
    ...syncColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gridName: text('grid_name').notNull(),
    // Comma list of columns, as the spec sends it.
    gridSettings: text('grid_settings').notNull(),
  },
  (t) => [
    tenantKey(t),
    syncIndex('grid_settings', t),
    unique('grid_settings_user_company_grid_key').on(t.userId, t.companyId, t.gridName),
  ],
);
