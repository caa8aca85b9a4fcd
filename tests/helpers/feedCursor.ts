// The change-feed cursor a reader holds at a company version: the version and the audience the feed writes after `~`
// (what this reader may not read of the company now, server/src/sync/changeFeed.ts). Tests that ask for "the changes
// since version N" build their cursor here, so it stays right when an entity gets a rule or a company a flag.
import type { APIRequestContext } from '@playwright/test';
import { companyById } from '../../server/src/auth/accessQueries';
import type { Db } from '../../server/src/db/client';
import { feedAudience } from '../../server/src/sync/changeFeed';
import { parseRoles } from '../../src/domain/roles';
import type { Roles } from '../../src/domain/roles';
import type { ChangePage, FeedContext } from '../../src/domain/syncProtocol';

/** The cursor at `version` of a reader with these role names in the company as it is now in `db`. */
export async function feedCursor(
  db: Db,
  companyId: number,
  version: number,
  roleNames: readonly string[],
): Promise<string> {
  return `${version}~${feedAudience(await feedReader(db, companyId, parseRoles(roleNames)))}`;
}

/** The cursor at `version` of the token's reader, its audience read off the first page the server answers. */
export async function feedCursorOver(
  request: APIRequestContext,
  token: string,
  companyId: number,
  version: number,
): Promise<string> {
  const response = await request.get(`/api/sync/${companyId}/changes?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as ChangePage;
  const audience = page.cursor.split('~')[1];
  return audience === undefined ? String(version) : `${version}~${audience}`;
}

/** The reader of a company's feed with these roles, the company's flags as they are now in `db`. */
export async function feedReader(db: Db, companyId: number, roles: Roles): Promise<FeedContext> {
  const company = await companyById(db, companyId);
  if (!company) throw new Error(`No company ${companyId}`);
  return { roles, company };
}
