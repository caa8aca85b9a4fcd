// Users, roles and everything auth keeps (spec 000 §7 Auth, 001 §6; docs/architecture.md §5).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { syncIndex, timestamptz } from './columns';

/**
 * A person who signs in; `companyId` is the home company (the consultancy for consultants). Its name, email, active
 * flag and roles are synced to the admins and consultants of that company as `companyUsers` (Contacts): every write
 * of those, or of the user's roles, stamps `version` with a new version of the company (server/src/sync/userDirectory.ts).
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    // Stored lower-cased; the unique index on lower(email) also guards rows written by hand.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Null for users who sign in only through SSO.
    passwordHash: text('password_hash'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_company_id_idx').on(t.companyId),
    syncIndex('users', t),
  ],
);

/** Roles of a user as spec strings ('Super Consultant', 'Consultant', 'Admin', 'Limited Client', 'Client'). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Companies a consultant may work in (super consultants reach every company without rows here). */
export const consultantCompanyAccess = pgTable(
  'consultant_company_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('consultant_company_access_company_id_idx').on(t.companyId),
  ],
);

/** An opaque refresh token (only its hash is kept); rotation links tokens by family so reuse revokes them all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

/** A user's TOTP secret; two-factor applies only once `enabled`. */
export const totpSecrets = pgTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  // The last accepted time step, so a code cannot be replayed within its window.
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** An invitation; its id is the token of /register/{tokenId}. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('invites_company_id_idx').on(t.companyId)],
);

/** A password-reset token; its id is the token of /resetpassword/{tokenId}. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Per-client SAML 2.0 identity-provider settings for /ssologin/{clientId} and /ssoacs/{clientId}. */
export const ssoClients = pgTable('sso_clients', {
  clientId: text('client_id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  idpEntryPoint: text('idp_entry_point').notNull(),
  // PEM (or bare base64) certificate the IdP signs responses with.
  idpCert: text('idp_cert').notNull(),
  issuer: text('issuer').notNull(),
  audience: text('audience').notNull(),
});
