import { useAtomValue } from 'jotai';
import { useCompanyRecord } from '../../platform/company/useCompanyRecord';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { canUseAccruals } from '../../domain/billPay';
import { rolesAtom } from '../../session/atoms';
import { Page } from '../../ui/Page';
import { Tabs } from '../../ui/Tabs';
import type { TabItem } from '../../ui/Tabs';
import { AccrualsTab } from './AccrualsTab';
import { DepositsTab } from './DepositsTab';
import { GlTab } from './GlTab';
import { PaymentPortalButton } from './PaymentPortalButton';
import { PaymentsTab } from './PaymentsTab';

/**
 * Bill pay (`/billpay` and its consultant twin, spec 001 §3): tabs whose switches the browser's Back undoes first
 * (the spec's tab stack). Payment confirmations, client deposits and accrual rows are synced and read from the
 * device, offline too; GL files and accruals reports are made online and kept on the device once downloaded.
 */
export function BillPayPage() {
  const companyId = useCurrentCompanyId();
  const company = useCompanyRecord(companyId);
  const roles = useAtomValue(rolesAtom);
  if (companyId === null) return null;
  const record = typeof company === 'object' && company !== null ? company : null;
  const name = record?.name ?? null;
  const items: TabItem[] = [
    { id: 'payments', label: 'Payment confirmations', content: <PaymentsTab companyId={companyId} /> },
    { id: 'deposits', label: 'Client deposits', content: <DepositsTab companyId={companyId} /> },
    {
      id: 'gl',
      label: 'On-demand GL',
      content: <GlTab companyId={companyId} companyName={name ?? 'This company'} />,
    },
  ];
  if (roles && record && canUseAccruals(roles, record))
    items.push({ id: 'accruals', label: 'Accruals', content: <AccrualsTab companyId={companyId} /> });
  return (
    <Page
      titleId="billpay-title"
      title="Bill Pay"
      subtitle={<p className="muted">{name ?? ' '}</p>}
      actions={<PaymentPortalButton companyId={companyId} />}
    >
      <Tabs label="Bill pay" isBackTracked items={items} />
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = BillPayPage;
