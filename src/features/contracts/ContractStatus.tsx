import type { ContractStatusColor } from '../../domain/contracts';

/** A contract status with its colour dot (cards.css .status, spec 001 §4). */
export function ContractStatus({ text, color }: { text: string; color: ContractStatusColor }) {
  return (
    <span className="status" data-color={color}>
      <span className="status__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
