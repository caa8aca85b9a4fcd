// Tickets GET AI proposes (spec 000 §4 "Support ticket via chat"): the info dialog to review the request type and
// description, then the same queued write as the Company Support page (src/db/mutations/tickets.ts), offline too,
// with the note that the assistant created it (spec 000 §9). The outcome — the spec's 'Ticket Created' popup, or its
// error dialog and a new option to try again — is followed here, in the assistant that stays mounted while the panel
// is minimized, and apart from the Company Support page's own tickets so each outcome shows once.
import { useCallback, useRef, useState } from 'react';
import type { AppDb } from '../../db/schema';
import { createTicket } from '../../db/mutations/tickets';
import type { ChatOption } from '../../domain/assistant/messages';
import { ticketOption } from '../../domain/assistant/messages';
import { guessRequestType } from '../../domain/assistant/tickets';
import { CHAT_TICKET_NOTE, withTicketNote } from '../../domain/chat';
import { NewTicketDialog } from '../../ui/tickets/NewTicketDialog';
import type { NewTicketChoice } from '../../ui/tickets/NewTicketDialog';
import { TicketErrorDialog } from '../../ui/tickets/TicketErrorDialog';
import { useTicketOutcome } from '../../ui/tickets/useTicketOutcome';
import type { useAssistantChat } from './useAssistantChat';

type Chat = ReturnType<typeof useAssistantChat>;

/** Said when a ticket is queued; the popup follows when the server numbers it. */
export const TICKET_QUEUED_TEXT = {
  online: 'Thank you. The ticket is on its way to support.',
  offline: 'Thank you. The ticket is kept on this device and sent when you are back online.',
} as const;

/** Said when the server refused a ticket, with the option to review it again. */
export const TICKET_RETRY_TEXT = 'Support could not take that ticket. You can review it and try again.';

interface Deps {
  chat: Chat;
  db: AppDb;
  companyId: number;
  userId: number;
  online: boolean;
}

/** The review dialog, the outcome of the chat's tickets, and `review(option)` for a ticket option. */
export function useChatTickets({ chat, db, companyId, userId, online }: Deps) {
  const [reviewed, setReviewed] = useState<ChatOption | null>(null);
  const descriptions = useRef(new Map<string, string>());
  const onFailed = useCallback(
    (ticketId: string) => {
      const description = descriptions.current.get(ticketId);
      descriptions.current.delete(ticketId);
      if (description !== undefined) chat.say(TICKET_RETRY_TEXT, [ticketOption(description)]);
    },
    [chat],
  );
  const outcome = useTicketOutcome('chat', onFailed);
  const proposed = reviewed?.action.type === 'ticket' ? reviewed.action.description : '';

  const save = async (choice: NewTicketChoice) => {
    if (!reviewed) return null;
    const description = choice.ticketDescription.trim();
    const result = await createTicket(db, {
      ...choice,
      ticketDescription: description === '' ? '' : withTicketNote(description),
      companyId,
      writer: { id: userId, name: null },
    });
    if (!result.ok) return result;
    descriptions.current.set(result.id, description);
    outcome.watch(result.id);
    // Done once queued: the outbox sends it exactly once, so pressing again could only make a second ticket.
    chat.markDone(reviewed);
    chat.say(online ? TICKET_QUEUED_TEXT.online : TICKET_QUEUED_TEXT.offline);
    return null;
  };

  const dialogs = (
    <>
      <NewTicketDialog
        isOpen={reviewed !== null}
        onClose={() => setReviewed(null)}
        companyId={companyId}
        isOnline={online}
        onSave={save}
        proposal={{
          title: 'Review the support ticket',
          description: proposed,
          descriptionHint: `GET AI adds: "${CHAT_TICKET_NOTE.trim()}"`,
          suggestType: (types) => guessRequestType(proposed, types),
        }}
      />
      <TicketErrorDialog isOpen={outcome.isErrorOpen} onClose={outcome.closeError} />
    </>
  );
  return { review: setReviewed, dialogs };
}
