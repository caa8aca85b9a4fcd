import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { Search, WifiOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchAllClients, fetchMyClients } from '../../api/consultant';
import type { ClientCompany } from '../../api/consultant';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { sessionAtom } from '../../session/atoms';
import { syncUiAtom } from '../../sync/syncState';
import { Tabs } from '../../ui/Tabs';
import { ClientCard } from './ClientCard';
import './consultant.css';

type Lists = { mine: ClientCompany[]; all: ClientCompany[] } | { error: string } | null;

function matchesSearch(name: string, search: string): boolean {
  return name.toLowerCase().includes(search.trim().toLowerCase());
}

/** The consultant landing (spec 000 §2): my clients and all clients, with search and a way into each. */
export function ConsultantLandingPage() {
  const isOnline = useOnline();
  const session = useAtomValue(sessionAtom);
  const db = useUserDb();
  const [lists, setLists] = useState<Lists>(null);
  const [search, setSearch] = useState('');
  const localCompanies = useLiveQuery(async () => (db ? db.companies.orderBy('id').toArray() : []), [db]);
  const offlineStates = useLiveQuery(
    async () => new Map((db ? await db.syncState.toArray() : []).map((state) => [state.companyId, state])),
    [db],
  );
  const ui = useAtomValue(syncUiAtom);
  const offlineOf = (companyId: number) => {
    const state = offlineStates?.get(companyId);
    return state
      ? { isOffline: state.isOffline, lastSyncAt: state.lastSyncAt, isSyncing: companyId in ui.progress }
      : null;
  };

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void Promise.all([fetchMyClients(), fetchAllClients()]).then(([mine, all]) => {
      if (!isCurrent) return;
      if (mine.ok && all.ok) setLists({ mine: mine.data, all: all.data });
      else setLists({ error: (mine.ok ? null : mine.error.message) ?? (all.ok ? '' : all.error.message) });
    });
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);

  const onDevice = useMemo(
    () => new Set((localCompanies ?? []).map((company) => company.id)),
    [localCompanies],
  );
  const mine = lists && 'mine' in lists ? lists.mine : null;
  const all = lists && 'all' in lists ? lists.all : null;
  // Offline, the clients kept on this device are the ones a consultant can still work in.
  const myClients =
    isOnline && mine
      ? mine
      : (localCompanies ?? []).filter(
          (company) => company.id !== session?.companyId && offlineStates?.has(company.id),
        );

  const myPanel = (
    <>
      {!isOnline ? (
        <p className="consultant__note" role="status">
          <WifiOff aria-hidden="true" size={16} /> You are offline. These are the clients kept on this device.
        </p>
      ) : null}
      {lists && 'error' in lists && isOnline ? (
        <p className="consultant__note consultant__note--error" role="alert">
          Your clients could not be loaded: {lists.error}
        </p>
      ) : null}
      {isOnline && !lists ? <p className="consultant__note">Loading your clients…</p> : null}
      <ul className="consultant__cards">
        {myClients
          .filter((client) => matchesSearch(client.name, search))
          .map((client) => (
            <ClientCard key={client.id} client={client} isOnline={isOnline} offline={offlineOf(client.id)} />
          ))}
      </ul>
      {lists && myClients.length === 0 ? (
        <p className="consultant__note">No clients are assigned to you yet.</p>
      ) : null}
    </>
  );

  const allPanel = !isOnline ? (
    <p className="consultant__note" role="status">
      <WifiOff aria-hidden="true" size={16} /> The list of all clients needs a network connection.
    </p>
  ) : (
    <table className="consultant__table">
      <caption className="visually-hidden">All clients</caption>
      <thead>
        <tr>
          <th scope="col">Client</th>
          <th scope="col">Access</th>
          <th scope="col">On this device</th>
        </tr>
      </thead>
      <tbody>
        {(all ?? [])
          .filter((client) => matchesSearch(client.name, search))
          .map((client) => (
            <tr key={client.id}>
              <td>
                {client.hasAccess ? (
                  <Link to={`/companies/${client.id}/locations`}>{client.name}</Link>
                ) : (
                  client.name
                )}
              </td>
              <td>{client.hasAccess ? 'Yes' : 'No access'}</td>
              <td>{onDevice.has(client.id) ? 'Yes' : '—'}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );

  return (
    <section className="consultant" aria-labelledby="consultant-title">
      <header className="consultant__header">
        <h1 id="consultant-title" className="page__title">
          Clients
        </h1>
        <label className="consultant__search">
          <Search aria-hidden="true" size={16} />
          <span className="visually-hidden">Search clients</span>
          <input
            type="search"
            className="input"
            placeholder="Search clients"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </header>
      <Tabs
        label="Client lists"
        items={[
          { id: 'mine', label: 'My Clients', content: myPanel },
          { id: 'all', label: 'All Clients', content: allPanel },
        ]}
      />
    </section>
  );
}

/** react-router `lazy` convention. */
export const Component = ConsultantLandingPage;
