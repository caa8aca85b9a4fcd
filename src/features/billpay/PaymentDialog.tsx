import { useEffect, useState } from 'react';
import { fetchBillPayNotes } from '../../api/billPay';
import type { BillPayNote } from '../../api/billPay';
import { useOnline } from '../../platform/useOnline';
import { paymentMethodLabel } from '../../domain/billPay';
import { EMPTY_CELL_TEXT, formatDay } from '../../domain/format';
import { formatCurrency } from '../../domain/money';
import type { PaymentListRow } from '../../db/queries/billPay';
import { BillPayNoteList } from '../../ui/BillPayNoteList';
import { Modal } from '../../ui/Modal';
import '../../ui/billPay.css';

/** The notes of the payment's bill: loading, the list, or why not (offline, no bill, an error). */
type NotesState = { billId: string; notes: BillPayNote[] | null; error: string | null };

/**
 * One payment confirmation with its bill's bill pay notes (`GET /BillPayBillNotes/{billId}`, online): the payment
 * comes from the device, the notes from the server.
 */
export function PaymentDialog({
  companyId,
  payment,
  onClose,
}: {
  companyId: number;
  payment: PaymentListRow | null;
  onClose: () => void;
}) {
  const isOnline = useOnline();
  const [state, setState] = useState<NotesState | null>(null);
  const billId = payment?.billId ?? null;
  useEffect(() => {
    if (billId === null || !isOnline) return;
    let isCurrent = true;
    void fetchBillPayNotes(companyId, billId).then((result) => {
      if (!isCurrent) return;
      setState(
        result.ok
          ? { billId, notes: result.data, error: null }
          : { billId, notes: null, error: result.error.message },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, billId, isOnline]);
  const current = state?.billId === billId ? state : null;

  let notes;
  if (billId === null) notes = <p className="muted">This payment names no bill, so it has no bill notes.</p>;
  else if (!isOnline) notes = <p className="muted">Bill notes need a network connection.</p>;
  else if (current === null)
    notes = (
      <p className="muted" aria-busy="true">
        Loading bill notes…
      </p>
    );
  else if (current.error !== null)
    notes = (
      <p className="error-text" role="alert">
        {current.error}
      </p>
    );
  else if (current.notes?.length === 0) notes = <p className="muted">No bill notes.</p>;
  else notes = <BillPayNoteList notes={current.notes ?? []} />;

  return (
    <Modal isOpen={payment !== null} onClose={onClose} title="Payment confirmation" size="md">
      {payment && (
        <dl className="facts">
          <dt>Confirmation number</dt>
          <dd>{payment.confirmationNumber}</dd>
          <dt>Amount</dt>
          <dd>{formatCurrency(payment.amount)}</dd>
          <dt>Payment method</dt>
          <dd>{paymentMethodLabel(payment.paymentMethod)}</dd>
          <dt>Payment date</dt>
          <dd>{formatDay(payment.paymentDate) ?? EMPTY_CELL_TEXT}</dd>
          <dt>Invoice date</dt>
          <dd>{formatDay(payment.invoiceDate) ?? EMPTY_CELL_TEXT}</dd>
          <dt>Account</dt>
          <dd>{payment.accountNumber ?? EMPTY_CELL_TEXT}</dd>
          <dt>Vendor</dt>
          <dd>{payment.vendorName ?? EMPTY_CELL_TEXT}</dd>
        </dl>
      )}
      <h3 className="section-title">Bill notes</h3>
      {notes}
    </Modal>
  );
}
