// Account writes of the second spec document §7 (Accounts). Only the nickname for now; the accounts area
// brings the reads. The account's company comes from the account itself (access `from: 'entity'`).
import { Type } from 'typebox';
import type { App, AppDeps } from '../../http/types';
import { UuidString } from '../../http/commonSchemas';
import { badRequest } from '../../errors';
import { patchWriteRoute } from '../../sync/patchRow';
import { NICKNAME_MAX } from '../../../../src/domain/accounts';

// The longest nickname kept, after trimming: one constant with the offline client, which checks before it queues.
export { NICKNAME_MAX };

const NicknameParams = Type.Object({ id: UuidString }, { additionalProperties: false });

/** `PUT /api/accounts/nickname/:id`: sets or clears (empty or null) an account's nickname. */
export function accountRoutes(app: App, { db }: AppDeps): Promise<void> {
  patchWriteRoute(
    app,
    db,
    'accountNickname',
    { company: { from: 'entity', entity: 'accounts', param: 'id' } },
    { params: NicknameParams },
    {
      rowId: (request) => request.params.id,
      check: (request) => {
        if ((request.body.nickname ?? '').trim().length > NICKNAME_MAX)
          throw badRequest(`Nickname must be at most ${NICKNAME_MAX} characters`, {
            'body.nickname': `must be at most ${NICKNAME_MAX} characters`,
          });
      },
    },
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
