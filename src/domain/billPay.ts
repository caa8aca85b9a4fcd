// Bill pay display and accrual rules of spec 001 §4 and §9.

/** Every payment method other than a paper check is electronic, so it shows as DIGITAL. */
export function paymentMethodLabel(m: string): 'CHECK' | 'DIGITAL' {
  return m.trim().toUpperCase() === 'CHECK' ? 'CHECK' : 'DIGITAL';
}

/** Accrual per day of service; fewer than one (or unknown) days count as one so a bill never divides by zero. */
export function accrualPerDay(amount: number, daysOfService: number): number {
  const days = Number.isFinite(daysOfService) ? Math.max(1, daysOfService) : 1;
  return amount / days;
}
