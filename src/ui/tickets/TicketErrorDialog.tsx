import { useId } from 'react';
import { TICKET_TEXTS } from '../../domain/tickets';
import { Modal } from '../Modal';
import '../popups.css';

/** The spec's error dialog of ticket creation (spec 000 §8), with its text exactly. */
export function TicketErrorDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const messageId = useId();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Error"
      tone="warning"
      size="sm"
      hasCloseButton={false}
      describedById={messageId}
      className="popup"
      footer={
        <button type="button" className="btn btn--warning" onClick={onClose}>
          OK
        </button>
      }
    >
      <p id={messageId} className="popup__message">
        {TICKET_TEXTS.createError}
      </p>
    </Modal>
  );
}
