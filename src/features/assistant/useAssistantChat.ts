// The chat's state and turns (spec 000 §4 Chat, spec 001 §4 chat session, §8): history kept in local storage per
// company, answers from the server online and from the device offline, reports generated on the device.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Remote } from 'comlink';
import type { ReportsApi } from '../../../workers/reports/api';
import type { AppDb } from '../../db/schema';
import type { ChatMessage, ChatOption } from '../../domain/assistant/messages';
import { greetingMessage } from '../../domain/assistant/messages';
import { CHAT_SESSION_EXPIRED_TEXT } from '../../domain/chat';
import type { Roles } from '../../domain/roles';
import { endChat, respondChat, startChat } from './chatApi';
import { clearChat, loadChat, saveChat } from './chatStorage';
import { respondOnDevice } from './deviceTurn';

/** Said when a call fails for another reason than the network. */
export const CHAT_FAILED_TEXT = 'Sorry, I could not answer that. Please try again.';

interface Deps {
  companyId: number;
  companyName: string;
  roles: Roles;
  db: AppDb;
  online: boolean;
  reports: () => Remote<ReportsApi>;
}

function bot(text: string, options?: ChatOption[]): ChatMessage {
  return { agent: 'bot', type: 'text', text, ...(options ? { options } : {}) };
}

/** The chat of one company. */
export function useAssistantChat({ companyId, companyName, roles, db, online, reports }: Deps) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadChat(companyId)?.messages ?? []);
  const [sessionId, setSessionId] = useState<string | null>(() => loadChat(companyId)?.sessionId ?? null);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ messages, sessionId });
  useEffect(() => {
    latest.current = { messages, sessionId };
  }, [messages, sessionId]);

  useEffect(() => {
    if (messages.length > 0) saveChat({ companyId, sessionId, messages });
  }, [companyId, sessionId, messages]);

  const begin = useCallback(async (): Promise<string | null> => {
    if (!online) {
      setMessages([greetingMessage(companyName)]);
      return null;
    }
    const started = await startChat(companyId);
    if (!started.ok) {
      setMessages([greetingMessage(companyName)]);
      return null;
    }
    setSessionId(started.data.sessionId);
    setMessages([started.data.message]);
    return started.data.sessionId;
  }, [companyId, companyName, online]);

  /** Opens the chat: the stored one when it is this company's, else a new one. */
  const open = useCallback(async () => {
    if (latest.current.messages.length > 0) return;
    setBusy(true);
    await begin();
    setBusy(false);
  }, [begin]);

  const answer = useCallback(
    async (text: string): Promise<ChatMessage[]> => {
      let session = latest.current.sessionId;
      if (online && session === null) {
        const started = await startChat(companyId);
        if (started.ok) {
          session = started.data.sessionId;
          setSessionId(session);
        }
      }
      if (online && session !== null) {
        const result = await respondChat(session, text);
        if (result.ok) return result.data.messages;
        if (!result.isNetworkError) return [bot(CHAT_FAILED_TEXT)];
      }
      return respondOnDevice(db, reports(), companyId, roles, text);
    },
    [companyId, db, online, reports, roles],
  );

  /** Sends a message (shown unless `silent`), and adds the bot's answer; blank messages are not sent. */
  const send = useCallback(
    async (text: string, silent = false) => {
      if (text.trim() === '') return [];
      if (!silent) setMessages((list) => [...list, { agent: 'user', type: 'text', text }]);
      setBusy(true);
      try {
        const replies = await answer(text);
        if (replies.some((reply) => reply.text === CHAT_SESSION_EXPIRED_TEXT)) {
          // The server forgot the session: the history goes with it (spec 001 §8).
          clearChat();
          setSessionId(null);
          setMessages([bot(CHAT_SESSION_EXPIRED_TEXT)]);
          return [];
        }
        setMessages((list) => [...list, ...replies]);
        return replies;
      } catch (error) {
        console.error('GET AI could not answer', error);
        setMessages((list) => [...list, bot(CHAT_FAILED_TEXT)]);
        return [];
      } finally {
        setBusy(false);
      }
    },
    [answer],
  );

  /** Marks an option done, so it cannot be pressed again. */
  const markDone = useCallback((target: ChatOption) => {
    setMessages((list) =>
      list.map((message) =>
        message.options?.includes(target)
          ? {
              ...message,
              options: message.options.map((option) =>
                option === target ? { ...option, disabled: true } : option,
              ),
            }
          : message,
      ),
    );
  }, []);

  const say = useCallback(
    (text: string, options?: ChatOption[]) => setMessages((list) => [...list, bot(text, options)]),
    [],
  );

  /** Restart: the history is cleared and a new chat starts. */
  const restart = useCallback(async () => {
    const old = latest.current.sessionId;
    clearChat();
    setMessages([]);
    setSessionId(null);
    if (old !== null && online) void endChat(old);
    setBusy(true);
    await begin();
    setBusy(false);
  }, [begin, online]);

  return { messages, busy, setBusy, open, send, markDone, say, restart };
}
