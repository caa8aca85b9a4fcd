// The chat calls of spec 001 §7 (online only, errors as values through src/api).
import { del, post } from '../../api/http';
import type { ApiResult } from '../../api/http';
import type { ChatMessage } from '../../domain/assistant/messages';

/** `POST /api/aichat/start?companyId`: a new session and the bot's greeting. */
export function startChat(
  companyId: number,
): Promise<ApiResult<{ sessionId: string; message: ChatMessage }>> {
  return post(`/aichat/start?companyId=${companyId}`);
}

/** `POST /api/aichat/respond`: the bot's answer to one message. */
export function respondChat(
  sessionId: string,
  message: string,
): Promise<ApiResult<{ sessionId: string; messages: ChatMessage[] }>> {
  return post('/aichat/respond', { sessionId, message });
}

/** `DELETE /api/aichat/session?sessionId`. */
export function endChat(sessionId: string): Promise<ApiResult<{ deleted: boolean }>> {
  return del(`/aichat/session?sessionId=${encodeURIComponent(sessionId)}`);
}
