import { eq, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../server/src/config';
import type { Db } from '../../server/src/db/client';
import {
  accounts,
  companyCustomConfiguration,
  companyProfiles,
  companySync,
  customAttributes,
  locations,
  siteTags,
  tags,
  vendors,
} from '../../server/src/db/schema';
import { bumpCompanyVersion } from '../../server/src/sync/versioning';
import { createCompany, createUser, grantCompany, tokenFor } from './fixtures';

/** The ids of one company's rows in the world. */
export interface WorldCompany {
  id: number;
  name: string;
  locationId: string;
  accountId: string;
  tagIds: [string, string];
  attributeId: string;
}

/** The roles the authorization matrix tries. */
export const ROLE_NAMES = [
  'superConsultant',
  'consultant',
  'clientAdmin',
  'client',
  'limitedClient',
  'clientOfB',
] as const;
/** One of the matrix roles. */
export type RoleName = (typeof ROLE_NAMES)[number];

/** A user of the world, as tokens need it. */
export interface WorldUser {
  id: number;
  companyId: number;
  roles: string[];
}

/**
 * Companies A, B and a child of A, each with a site, an account, two tags (one on the site), a custom
 * attribute, a profile and a configuration; users of every role (the consultant is granted A only).
 */
export interface World {
  consultancyId: number;
  a: WorldCompany;
  child: WorldCompany;
  b: WorldCompany;
  users: Record<RoleName, WorldUser>;
}

async function seedCompanyRows(
  db: Db,
  company: { id: number; name: string },
  vendor: { id: string; name: string },
): Promise<WorldCompany> {
  return db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, company.id);
    const [location] = await tx
      .insert(locations)
      .values({
        companyId: company.id,
        version,
        name: `${company.name} HQ`,
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      })
      .returning({ id: locations.id });
    if (!location) throw new Error('location insert returned nothing');
    const [account] = await tx
      .insert(accounts)
      .values({
        companyId: company.id,
        version,
        locationId: location.id,
        vendorId: vendor.id,
        vendorName: vendor.name,
        accountNumber: `ACC-${company.id}`,
        services: 'electric',
      })
      .returning({ id: accounts.id });
    const tagRows = await tx
      .insert(tags)
      .values([
        { companyId: company.id, version, text: `${company.name} east` },
        { companyId: company.id, version, text: `${company.name} west` },
      ])
      .returning({ id: tags.id });
    const [attribute] = await tx
      .insert(customAttributes)
      .values({ companyId: company.id, version, attributeName: 'Region', position: 0 })
      .returning({ id: customAttributes.id });
    const [tag0, tag1] = tagRows;
    if (!account || !tag0 || !tag1 || !attribute) throw new Error('world insert returned nothing');
    await tx
      .insert(siteTags)
      .values({ companyId: company.id, version, locationId: location.id, tagId: tag0.id });
    await tx.insert(companyProfiles).values({
      companyId: company.id,
      version,
      accountManager: `${company.name} manager`,
      accountManagerEmail: `manager-${company.id}@get.test`,
      accountManagerPhoneNumber: '555-0100',
      clientManager: 'Client Manager',
    });
    await tx
      .insert(companyCustomConfiguration)
      .values({ companyId: company.id, configuration: { theme: company.name } });
    return {
      id: company.id,
      name: company.name,
      locationId: location.id,
      accountId: account.id,
      tagIds: [tag0.id, tag1.id],
      attributeId: attribute.id,
    };
  });
}

/** Seeds the world into a fresh database. */
export async function seedWorld(db: Db): Promise<World> {
  const consultancyId = await createCompany(db, { name: 'Consultancy' });
  const aId = await createCompany(db, {
    name: 'Alpha Stores',
    companyHasSupportAccess: true,
    alertsAccess: true,
  });
  const childId = await createCompany(db, { name: 'Alpha North', parentId: aId });
  const bId = await createCompany(db, { name: 'Bravo Foods', companyTypeId: 2 });
  const [vendor] = await db.insert(vendors).values({ name: 'Power Co' }).returning();
  if (!vendor) throw new Error('vendor insert returned nothing');
  const a = await seedCompanyRows(db, { id: aId, name: 'Alpha Stores' }, vendor);
  const child = await seedCompanyRows(db, { id: childId, name: 'Alpha North' }, vendor);
  const b = await seedCompanyRows(db, { id: bId, name: 'Bravo Foods' }, vendor);

  const make = async (companyId: number, roles: string[]): Promise<WorldUser> => {
    const user = await createUser(db, { companyId, roles });
    return { id: user.id, companyId, roles };
  };
  const users: Record<RoleName, WorldUser> = {
    superConsultant: await make(consultancyId, ['Super Consultant']),
    consultant: await make(consultancyId, ['Consultant']),
    clientAdmin: await make(aId, ['Client', 'Admin']),
    client: await make(aId, ['Client']),
    limitedClient: await make(aId, ['Limited Client']),
    clientOfB: await make(bId, ['Client']),
  };
  await grantCompany(db, users.consultant.id, aId);
  return { consultancyId, a, child, b, users };
}

/** Access tokens for every user of the world. */
export async function worldTokens(config: ServerConfig, world: World): Promise<Record<RoleName, string>> {
  const entries = await Promise.all(
    ROLE_NAMES.map(async (name) => [name, await tokenFor(config, world.users[name])] as const),
  );
  return Object.fromEntries(entries) as Record<RoleName, string>;
}

/** The company's current sync version (the counter every synced write bumps). */
export async function companyVersion(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ version: companySync.version })
    .from(companySync)
    .where(eq(companySync.companyId, companyId));
  return row?.version ?? 0;
}

const COUNTED_TABLES = [
  'companies',
  'company_sync',
  'locations',
  'accounts',
  'tags',
  'site_tags',
  'custom_attributes',
  'location_attribute_values',
  'grid_settings',
  'tombstones',
  'idempotency_keys',
  'users',
];

/** Row counts of the tables the company routes touch, to prove a rejected request changed nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const result = await db.execute<{ n: string | number }>(
      sql`select count(*) as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(result.rows[0]?.n ?? -1);
  }
  return counts;
}
