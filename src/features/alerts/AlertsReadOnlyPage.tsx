import { AlertsPage } from './AlertsPage';

/** `/alertsro` (spec 000 §2): the alerts list and details without status, note or batch actions. */
export function AlertsReadOnlyPage() {
  return <AlertsPage isReadOnly />;
}

/** react-router `lazy` convention. */
export const Component = AlertsReadOnlyPage;
