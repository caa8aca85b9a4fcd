import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';

/** The note of a write made offline: it is kept on this device and sent when the network returns (the text says what). */
export function OfflineNote({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice--warning" role="note">
      <CloudOff aria-hidden="true" size={16} />
      {children}
    </p>
  );
}
