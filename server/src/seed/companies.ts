// Company rows with their profile, custom configuration and (Northwind) SSO client.
import { eq, inArray } from 'drizzle-orm';
import { companies, companyCustomConfiguration, companyProfiles, ssoClients, vendors } from '../db/schema';
import type { Tx } from '../db/tx';
import { reserveCompanyVersions } from '../sync/versioning';
import type { SeedWriter, SyncedInsert } from './bulkInsert';
import type { RowOf } from './context';
import type { CompanyPlan } from './plans';
import { rngFor, uuidFromName } from './random';
import { FIRST_NAMES, LAST_NAMES } from './words';

/** A company to insert: its id (null lets the database pick one) and plan (null for the consultancy). */
export interface CompanySpec {
  id: number | null;
  name: string;
  plan: CompanyPlan | null;
  parentId: number | null;
}

/** Demo SAML settings of Northwind: placeholders only, replace them with a real IdP's before using SSO. */
export const DEMO_SSO_CLIENT = {
  clientId: 'northwind',
  idpEntryPoint: 'https://idp.example.invalid/demo-only/northwind/saml/sso',
  idpCert: 'DEMO-PLACEHOLDER-CERTIFICATE: replace with the identity provider signing certificate (PEM)',
  issuer: 'urn:get-energy-portal:demo:northwind',
  audience: 'urn:get-energy-portal:demo:northwind',
} as const;

/** Inserts the companies, then gives each its own version so the change feed serves the company record. */
export async function insertCompanies(
  writer: SeedWriter,
  specs: readonly CompanySpec[],
  updatedAt: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const spec of specs) {
    const parent = spec.parentId === null ? undefined : specs.find((s) => s.id === spec.parentId);
    const row: RowOf<typeof companies> = {
      ...(spec.id === null ? {} : { id: spec.id }),
      name: spec.name,
      parentId: spec.parentId,
      parentCompanyTypeId: parent ? (parent.plan?.flags.companyTypeId ?? 1) : null,
      ...spec.plan?.flags,
      version: 0,
      updatedAt,
    };
    const [inserted] = await writer.tx.insert(companies).values(row).returning({ id: companies.id });
    if (!inserted) throw new Error(`seed: company ${spec.name} was not inserted`);
    const version = await reserveCompanyVersions(writer.tx, inserted.id, 1);
    await writer.tx.update(companies).set({ version }).where(eq(companies.id, inserted.id));
    ids.push(inserted.id);
  }
  writer.counts.companies = (writer.counts.companies ?? 0) + specs.length;
  return ids;
}

/** Account manager (GET) and client manager contacts of a company, in the 555-01xx fictional range. */
export function companyProfile(
  seed: number,
  companyId: number,
  plan: CompanyPlan | null,
): SyncedInsert<typeof companyProfiles> {
  const rng = rngFor(seed, plan?.key ?? 'consultancy', 'profile');
  const person = () => [rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)] as const;
  const [amFirst, amLast] = person();
  const [cmFirst, cmLast] = person();
  const domain = plan?.domain ?? 'get.demo';
  return {
    id: rng.uuid(),
    companyId,
    accountManager: `${amFirst} ${amLast}`,
    accountManagerPhoneNumber: `(512) 555-01${rng.digits(2)}`,
    accountManagerEmail: `${amFirst}.${amLast}@get.demo`.toLowerCase(),
    clientManager: `${cmFirst} ${cmLast}`,
    clientManagerPhoneNumber: `(214) 555-01${rng.digits(2)}`,
    clientManagerEmail: `${cmFirst}.${cmLast}@${domain}`.toLowerCase(),
  };
}

/** The per-company UI configuration (free-form JSON the client keeps in session storage). */
export function customConfiguration(
  companyId: number,
  plan: CompanyPlan | null,
  updatedAt: string,
): RowOf<typeof companyCustomConfiguration> {
  return {
    companyId,
    configuration: {
      demo: true,
      landingPage: plan ? '/locations' : '/consultant',
      colorScheme: 'dark',
      fiscalYearStartMonth: plan?.naming === 'school' ? 7 : 1,
      showEmissions: plan?.flags.sustainabilityAccess === true,
      locationLabel: plan?.naming === 'school' ? 'Campus' : 'Site',
      customAttributeColumns: plan?.attributes ?? [],
    },
    updatedAt,
  };
}

/** Profiles and configurations of the given companies, and Northwind's SSO client. */
export async function insertCompanyExtras(
  writer: SeedWriter,
  seed: number,
  specs: readonly { id: number; plan: CompanyPlan | null }[],
  updatedAt: string,
  ssoCompanyId: number | null,
): Promise<void> {
  // Profiles are synced (Contacts works offline): each gets a version of its own company.
  for (const spec of specs)
    await writer.insertSynced(companyProfiles, spec.id, [
      { ...companyProfile(seed, spec.id, spec.plan), updatedAt },
    ]);
  await writer.insert(
    companyCustomConfiguration,
    specs.map((s) => customConfiguration(s.id, s.plan, updatedAt)),
  );
  if (ssoCompanyId !== null)
    await writer.insert(ssoClients, [{ ...DEMO_SSO_CLIENT, companyId: ssoCompanyId }]);
}

/** Inserts the vendors that are missing and answers the id of every name (existing vendors keep their ids). */
export async function ensureVendors(
  tx: Tx,
  writer: SeedWriter,
  names: readonly string[],
): Promise<Map<string, string>> {
  const inserted = await tx
    .insert(vendors)
    .values(names.map((name) => ({ id: uuidFromName(name), name })))
    .onConflictDoNothing({ target: vendors.name })
    .returning({ id: vendors.id });
  writer.counts.vendors = (writer.counts.vendors ?? 0) + inserted.length;
  const rows = await tx
    .select()
    .from(vendors)
    .where(inArray(vendors.name, [...names]));
  return new Map(rows.map((row) => [row.name, row.id]));
}
