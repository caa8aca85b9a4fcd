import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { fetchBillPayNotes } from '../api/billPay';
import type { BillPayNote } from '../api/billPay';
import { useCompanyRecord } from '../platform/company/useCompanyRecord';
import { useOnline } from '../platform/useOnline';
import { canOpenArea } from '../domain/nav';
import { rolesAtom } from '../session/atoms';
import { BillPayNoteList } from './BillPayNoteList';
import './billPay.css';

type Listed = { billId: string; notes: BillPayNote[] };

/**
 * The bill pay team's notes on a bill (`GET /BillPayBillNotes/{billId}`), shown on the bill page to users who may open
 * Bill Pay (the area's own rule, so the call never meets a 403). Online only: notes are not a synced entity; offline
 * the panel says so. Nothing is shown when the bill has no notes.
 */
export function BillPayNotesPanel({ billId, companyId }: { billId: string; companyId: number }) {
  const roles = useAtomValue(rolesAtom);
  const company = useCompanyRecord(companyId);
  const isOnline = useOnline();
  const mayRead =
    roles !== null &&
    typeof company === 'object' &&
    company !== null &&
    canOpenArea('billpay', { roles, company });
  const [listed, setListed] = useState<Listed | null>(null);
  useEffect(() => {
    if (!isOnline || !mayRead) return undefined;
    let isCurrent = true;
    void fetchBillPayNotes(companyId, billId).then((result) => {
      if (isCurrent && result.ok) setListed({ billId, notes: result.data });
    });
    return () => {
      isCurrent = false;
    };
  }, [billId, companyId, isOnline, mayRead]);

  if (!mayRead) return null;
  if (!isOnline)
    return <p className="muted">Bill pay notes of this bill are shown when the device is online.</p>;
  const notes = listed?.billId === billId ? listed.notes : [];
  if (notes.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="bill-pay-notes-title">
      <h2 id="bill-pay-notes-title" className="panel__title">
        Bill pay notes
      </h2>
      <BillPayNoteList notes={notes} />
    </section>
  );
}
