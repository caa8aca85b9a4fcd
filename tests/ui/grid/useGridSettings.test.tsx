// @vitest-environment happy-dom
// Dexie's liveQuery stays silent unless a global indexedDB exists when Dexie loads: install one first.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppDb } from '../../../src/db/schema';
import { ColumnChooser } from '../../../src/ui/grid/ColumnChooser';
import { defaultVisibleIds } from '../../../src/ui/grid/columns';
import type { GridColumnDef } from '../../../src/ui/grid/columns';
import { useGridSettingsIn } from '../../../src/ui/grid/useGridSettings';
import { openLocalDb } from '../../helpers/localDb';

type Row = { name: string };
const columns: GridColumnDef<Row>[] = [
  { id: 'name', title: 'Name', kind: 'text', value: (row) => row.name },
  { id: 'city', title: 'City', kind: 'text', value: () => null },
  { id: 'legacy', title: 'Legacy Code', kind: 'text', value: () => null, isHiddenByDefault: true },
];
const owner = { userId: 7, companyId: 3 };

function Settings({ db, gridName = 'locations' }: { db: AppDb; gridName?: string }) {
  const settings = useGridSettingsIn(db, owner, gridName, columns);
  return (
    <>
      <output aria-label="Visible columns">
        {settings.isLoaded ? settings.visibleIds.join(',') : 'loading'}
      </output>
      <ColumnChooser
        columns={columns}
        visibleIds={settings.visibleIds}
        defaultIds={defaultVisibleIds(columns)}
        onApply={(ids) => void settings.setVisibleIds(ids)}
      />
    </>
  );
}

let db: AppDb;
beforeEach(() => {
  db = openLocalDb();
});
afterEach(() => {
  cleanup();
  db.close();
});

const visible = () => screen.getByRole('status', { name: 'Visible columns' }).textContent;

async function choose(user: ReturnType<typeof userEvent.setup>, toggle: string[]) {
  await user.click(screen.getByRole('button', { name: 'Choose columns' }));
  const dialog = screen.getByRole('dialog', { name: 'Choose columns' });
  for (const title of toggle) await user.click(within(dialog).getByRole('checkbox', { name: title }));
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
}

describe('grid column settings', () => {
  it('shows the defaults until the user chooses, then saves the choice locally and queues it for the server', async () => {
    const user = userEvent.setup();
    render(<Settings db={db} />);
    await waitFor(() => expect(visible()).toBe('name,city'));
    await choose(user, ['City', 'Legacy Code']);
    expect(visible()).toBe('name,legacy');

    await waitFor(async () =>
      expect((await db.gridSettings.toArray()).map((row) => row.gridSettings)).toEqual(['name,legacy']),
    );
    const [saved] = await db.gridSettings.toArray();
    expect(saved).toMatchObject({ companyId: 3, userId: 7, gridName: 'locations' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/companies/3/user/saveGridSettings',
      body: { gridName: 'locations', gridSettings: 'name,legacy' },
      effects: [{ entity: 'gridSettings' }],
      status: 'pending',
    });
  });

  it('reads a saved choice (as synced from the server) and follows later changes to it', async () => {
    await db.gridSettings.put({
      id: 'gs-1',
      companyId: 3,
      userId: 7,
      gridName: 'locations',
      gridSettings: 'legacy,name',
      version: 4,
      updatedAt: '2025-01-01T00:00:00Z',
    });
    await db.gridSettings.put({
      id: 'gs-2',
      companyId: 3,
      userId: 7,
      gridName: 'accounts',
      gridSettings: 'city',
      version: 1,
      updatedAt: '2025-01-01T00:00:00Z',
    });
    render(<Settings db={db} />);
    await waitFor(() => expect(visible()).toBe('name,legacy'));
    await db.gridSettings.update('gs-1', { gridSettings: 'city' });
    await waitFor(() => expect(visible()).toBe('city'));
  });

  it('edits the saved row on a second save and resets to the defaults', async () => {
    const user = userEvent.setup();
    render(<Settings db={db} />);
    await waitFor(() => expect(visible()).toBe('name,city'));
    await choose(user, ['Name']);
    await waitFor(async () =>
      expect((await db.gridSettings.toArray()).map((row) => row.gridSettings)).toEqual(['city']),
    );
    await user.click(screen.getByRole('button', { name: 'Choose columns' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(async () =>
      expect((await db.gridSettings.toArray()).map((row) => row.gridSettings)).toEqual(['name,city']),
    );
    expect(await db.outbox.count()).toBe(2);
    expect(visible()).toBe('name,city');
  });
});
