import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';

/**
 * What an online-only page (the archive, invitations, users) says while the device is offline, in place of actions
 * that cannot reach the server (feedback.css .notice).
 */
export function OnlineOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice--warning" role="status">
      <CloudOff size={18} aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
