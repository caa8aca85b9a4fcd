// The change-feed cursor a viewer holds at a company version: the version and, for viewers of entities only some roles
// read (bill pay rows, the users list), the audience the feed writes after `~` (server/src/sync/changeFeed.ts). Tests
// that ask for "the changes since version N" build their cursor here, so it stays right when an entity gets a rule.
import { feedAudience } from '../../server/src/sync/changeFeed';
import { parseRoles } from '../../src/domain/roles';

/** The cursor of a viewer with these role names at `version`. */
export function feedCursor(version: number, roleNames: readonly string[]): string {
  const audience = feedAudience(parseRoles(roleNames));
  return audience === '' ? String(version) : `${version}~${audience}`;
}
