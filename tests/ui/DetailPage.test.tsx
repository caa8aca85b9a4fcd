// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { userDb } from '../../src/platform/database';
import { sessionAtom } from '../../src/session/atoms';
import type { AppDb } from '../../src/db/schema';
import type { SyncStateRow } from '../../src/db/syncRows';
import { DetailLoading, DetailNotFound, RecordMissing } from '../../src/ui/DetailPage';

const BACK = { to: '/accounts', label: 'Accounts' };
const TEXTS = { notYet: 'Still downloading.', notHere: 'Not one of this company’s.' };

let db: AppDb;
let userId = 7000;

beforeEach(() => {
  userId += 1;
  db = userDb(userId);
});
afterEach(cleanup);

function renderPage(page: ReactNode) {
  const store = createStore();
  store.set(sessionAtom, { userId, companyId: 1, roleClaim: ['Client'] });
  return render(
    <Provider store={store}>
      <MemoryRouter>{page}</MemoryRouter>
    </Provider>,
  );
}

function syncState(lastSyncAt: string | null): SyncStateRow {
  return {
    companyId: 1,
    cursor: null,
    lastSyncAt,
    rowCounts: {},
    bytes: 0,
    status: 'idle',
    error: null,
    isOffline: false,
  };
}

describe('DetailLoading', () => {
  it('says what loads, with the back link or a heading naming the record', () => {
    const { rerender } = renderPage(<DetailLoading back={BACK} text="Loading contract…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading contract…');
    expect(screen.getByRole('link', { name: 'Accounts' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    rerender(
      <Provider store={createStore()}>
        <MemoryRouter>
          <DetailLoading heading="Account" text="Loading the account…" />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('DetailNotFound', () => {
  it('says the record may yet arrive while the company downloads, and that it is not here after', async () => {
    await db.syncState.put(syncState(null));
    renderPage(<DetailNotFound back={BACK} companyId={1} title="Location not found" text={TEXTS} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Location not found');
    expect(await screen.findByText('Still downloading.')).toBeTruthy();
    await db.syncState.put(syncState('2025-01-01T00:00:00Z'));
    expect(await screen.findByText('Not one of this company’s.')).toBeTruthy();
  });

  it('shows a single text whatever the download', () => {
    renderPage(
      <DetailNotFound back={BACK} companyId={1} title="Contract not found" text="Deleted, or elsewhere." />,
    );
    expect(screen.getByText('Deleted, or elsewhere.').className).toBe('muted');
  });
});

describe('RecordMissing', () => {
  const titles = { notYet: 'Not on this device yet', notHere: 'Account not found' };

  it('waits for the company’s first download, then says not found, with a button back to the list', async () => {
    await db.syncState.put(syncState(null));
    renderPage(
      <RecordMissing
        companyId={1}
        back={{ to: '/accounts', label: 'Back to accounts' }}
        titles={titles}
        texts={TEXTS}
      />,
    );
    expect((await screen.findByRole('heading', { name: 'Not on this device yet' })).tagName).toBe('H1');
    expect(screen.getByText('Still downloading.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to accounts' }).className).toBe('btn btn--secondary');
    await db.syncState.put(syncState('2025-01-01T00:00:00Z'));
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeTruthy();
    expect(screen.getByText('Not one of this company’s.')).toBeTruthy();
  });

  it('counts a company with no download yet as waiting', async () => {
    renderPage(<RecordMissing companyId={1} back={BACK} titles={titles} texts={TEXTS} />);
    expect(await screen.findByRole('heading', { name: 'Not on this device yet' })).toBeTruthy();
  });
});
