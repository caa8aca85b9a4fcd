import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { AuthLayout } from './AuthLayout';

/** A finished step (account created, password changed, link sent) with what to do next. */
export function DoneCard({
  title,
  message,
  children,
}: {
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <AuthLayout title={title}>
      <div className="auth-outcome auth-outcome--done" role="status">
        <CircleCheck aria-hidden="true" size={22} />
        <p>{message}</p>
      </div>
      {children && <div className="auth-outcome__actions">{children}</div>}
    </AuthLayout>
  );
}

/** A page that cannot go on (a dead link, a failed exchange): the reason and a way out. */
export function LinkProblem({
  title,
  message,
  hint,
  action,
}: {
  title: string;
  message: string;
  hint?: string;
  action: ReactNode;
}) {
  return (
    <AuthLayout title={title}>
      <div className="auth-outcome auth-outcome--problem" role="alert">
        <CircleAlert aria-hidden="true" size={22} />
        <p>{message}</p>
      </div>
      {hint && <p className="auth-outcome__hint">{hint}</p>}
      <div className="auth-outcome__actions">{action}</div>
    </AuthLayout>
  );
}
