import { TICKET_TEXTS } from '../../domain/tickets';
import { WarningPopup } from '../Popups';

/** The spec's error dialog of ticket creation (spec 000 §8), with its text exactly. */
export function TicketErrorDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return <WarningPopup isOpen={isOpen} onClose={onClose} title="Error" message={TICKET_TEXTS.createError} />;
}
