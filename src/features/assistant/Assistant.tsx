// GET AI in the shell (spec 000 §6: consultants and super consultants see it on every page but /consultant): the
// launcher, and the panel while open. A change of company closes the chat (spec 000 §4): the assistant is keyed by
// company, so it remounts closed with that company's stored chat. The report worker starts on the first report or
// offline figure and stops when the assistant goes away.
import { useAtomValue } from 'jotai';
import { Bot } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import type { AppDb } from '../../db/schema';
import type { Roles } from '../../domain/roles';
import { rolesAtom, sessionAtom } from '../../session/atoms';
import { spawnReportsWorker } from '../../platform/reportsClient';
import type { ReportsWorker } from '../../platform/reportsClient';
import { AssistantPanel } from './AssistantWindow';
import { useChatTickets } from './ChatTicket';
import { useAssistantChat } from './useAssistantChat';

/** Props of the assistant: the company a consultant is working in. */
type AssistantProps = { companyId: number; companyName: string };

type CompanyAssistantProps = AssistantProps & {
  userId: number;
  db: AppDb;
  roles: Roles;
};

function CompanyAssistant({ companyId, companyName, userId, db, roles }: CompanyAssistantProps) {
  const online = useOnline();
  const [isOpen, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const worker = useRef<ReportsWorker | null>(null);
  const reports = useCallback(() => {
    worker.current ??= spawnReportsWorker(userId);
    return worker.current;
  }, [userId]);
  const remote = useCallback(() => reports().remote, [reports]);
  useEffect(
    () => () => {
      worker.current?.close();
      worker.current = null;
    },
    [],
  );
  const chat = useAssistantChat({ companyId, companyName, roles, db, online, reports: remote });
  const tickets = useChatTickets({ chat, db, companyId, userId, online });
  const minimize = useCallback(() => {
    setOpen(false);
    // Focus goes back to the launcher, rendered again after this update.
    requestAnimationFrame(() => launcher.current?.focus());
  }, []);
  return (
    <>
      {isOpen ? (
        <AssistantPanel
          chat={chat}
          companyId={companyId}
          reports={reports}
          online={online}
          onMinimize={minimize}
          onTicket={tickets.review}
        />
      ) : (
        <button ref={launcher} type="button" className="getai__launcher" onClick={() => setOpen(true)}>
          <Bot aria-hidden="true" size={20} />
          GET AI
        </button>
      )}
      {/* Outside the panel: its Tab trap must not catch the dialogs' keys (portals bubble through React). */}
      {tickets.dialogs}
    </>
  );
}

/** The assistant for the company a consultant is working in. */
export function Assistant(company: AssistantProps) {
  const session = useAtomValue(sessionAtom);
  const roles = useAtomValue(rolesAtom);
  const db = useUserDb();
  if (!session || !roles || !db) return null;
  return (
    <CompanyAssistant key={company.companyId} {...company} userId={session.userId} db={db} roles={roles} />
  );
}
