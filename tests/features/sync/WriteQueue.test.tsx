// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { userDb } from '../../../src/platform/database';
import { setEnergyStarActive, setSiteTags } from '../../../src/db/mutations/locations';
import { markConflict, markSending, markServerFailure } from '../../../src/db/outboxReplay';
import { SERVER_FAILURES_BEFORE_SET_ASIDE } from '../../../src/domain/sync';
import type { AppDb } from '../../../src/db/schema';
import type { OutboxEntry } from '../../../src/db/syncRows';
import { WriteQueue } from '../../../src/features/sync/WriteQueue';
import { sessionAtom } from '../../../src/session/atoms';
import { locationRow } from '../../helpers/localRows';

const STAMP = '2025-01-01T00:00:00Z';
const site = locationRow({ id: 'site-1', version: 7, name: 'Main St' });
const tag = (id: string, text: string) => ({
  id,
  companyId: 1,
  version: 1,
  updatedAt: STAMP,
  text,
  isActive: true,
});
const link = (id: string, tagId: string, version = 5) => ({
  id,
  companyId: 1,
  version,
  updatedAt: STAMP,
  locationId: site.id,
  tagId,
});

let db: AppDb;
let userId = 9000;

beforeEach(async () => {
  userId += 1;
  db = userDb(userId);
  await db.locations.put(site);
  await db.tags.bulkPut([tag('east', 'East'), tag('west', 'West'), tag('south', 'South')]);
  await db.siteTags.bulkPut([link('l-east', 'east')]);
});
afterEach(cleanup);

function renderQueue(entries: OutboxEntry[]) {
  const store = createStore();
  store.set(sessionAtom, { userId, companyId: 1, roleClaim: ['Client'] });
  return render(
    <Provider store={store}>
      <WriteQueue entries={entries} />
    </Provider>,
  );
}

describe('WriteQueue', () => {
  it('shows a conflicted tag set as both sets of tag names, and keep mine sends it again', async () => {
    const entry = await setSiteTags(db, site.id, ['west']);
    await markConflict(
      db,
      entry.seq,
      { location: { ...site, version: 9 }, siteTags: [link('l-east', 'east'), link('l-south', 'south', 9)] },
      'The item was changed by someone else',
    );
    const conflicted = (await db.outbox.get(entry.seq)) as OutboxEntry;
    renderQueue([conflicted]);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('Tags of Main St');
    expect(item.textContent).toContain('Changed by someone else');
    const table = within(item).getByRole('table');
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /^Tags/ }).textContent).toBe('TagsWestEast, South'),
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () =>
      expect(await db.outbox.get(entry.seq)).toMatchObject({ status: 'pending', baseVersion: 9 }),
    );
  });

  it('shows a conflicted one-row write field by field', async () => {
    const entry = await setEnergyStarActive(db, site.id, true);
    await markConflict(db, entry.seq, { ...site, version: 8, isEnergyStarActive: false }, 'changed');
    renderQueue([(await db.outbox.get(entry.seq)) as OutboxEntry]);
    expect(screen.getByRole('listitem').textContent).toContain('Location: isEnergyStarActive → true');
    expect(screen.getByRole('row', { name: /isEnergyStarActive/ }).textContent).toBe(
      'isEnergyStarActivetruefalse',
    );
  });

  describe('a write the server kept failing on', () => {
    const message = 'Something went wrong on the server. Please try again.';

    async function setAside(): Promise<OutboxEntry> {
      const entry = await setEnergyStarActive(db, site.id, true);
      for (let i = 0; i < SERVER_FAILURES_BEFORE_SET_ASIDE; i += 1) {
        await markSending(db, entry.seq);
        await markServerFailure(db, entry.seq, 500, message);
      }
      return (await db.outbox.get(entry.seq)) as OutboxEntry;
    }

    it('shows what it was and the server’s answer; retry puts it back in the queue', async () => {
      const entry = await setAside();
      renderQueue([entry]);
      const item = screen.getByRole('listitem');
      expect(item.textContent).toContain('Location: isEnergyStarActive → true');
      expect(item.textContent).toContain('Set aside after server errors');
      expect(item.textContent).toContain(`after ${SERVER_FAILURES_BEFORE_SET_ASIDE} tries`);
      expect(item.textContent).toContain(`Server’s answer: HTTP 500 — ${message}`);
      await userEvent.click(within(item).getByRole('button', { name: 'Retry' }));
      await waitFor(async () =>
        expect(await db.outbox.get(entry.seq)).toMatchObject({
          status: 'pending',
          attempts: 0,
          serverFailures: 0,
        }),
      );
      expect((await db.locations.get(site.id))?.isEnergyStarActive).toBe(true);
    });

    it('discard undoes the change on this device', async () => {
      const entry = await setAside();
      expect((await db.locations.get(site.id))?.isEnergyStarActive).toBe(true);
      renderQueue([entry]);
      await userEvent.click(within(screen.getByRole('listitem')).getByRole('button', { name: 'Discard' }));
      await waitFor(async () => expect(await db.outbox.get(entry.seq)).toBeUndefined());
      expect(await db.locations.get(site.id)).toEqual(site);
    });
  });
});
