// The chat and its session in the browser's local storage (spec 001 §9): reused when the company matches, else
// reset and started anew (spec 001 §4). Read defensively: local storage is anyone's to edit.
import type { ChatMessage } from '../../domain/assistant/messages';

const KEY = 'getai.chat';

/** What is kept of one chat: done options are kept as `disabled` on their messages. */
export interface StoredChat {
  companyId: number;
  sessionId: string | null;
  messages: ChatMessage[];
}

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { agent, text } = value as { agent?: unknown; text?: unknown };
  return (agent === 'bot' || agent === 'user') && typeof text === 'string';
}

/** The stored chat of a company, or null (none, another company's, or unreadable). */
export function loadChat(companyId: number): StoredChat | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const chat = parsed as Partial<StoredChat>;
    if (chat.companyId !== companyId || !Array.isArray(chat.messages)) return null;
    return {
      companyId,
      sessionId: typeof chat.sessionId === 'string' ? chat.sessionId : null,
      messages: chat.messages.filter(isMessage),
    };
  } catch {
    return null;
  }
}

/** Keeps the chat. */
export function saveChat(chat: StoredChat): void {
  localStorage.setItem(KEY, JSON.stringify(chat));
}

/** Forgets the chat (restart, expired session, sign-out). */
export function clearChat(): void {
  localStorage.removeItem(KEY);
}
