import { useEffect, useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { fetchPortalSignOn } from '../../api/billPay';
import type { PortalSignOn } from '../../api/billPay';
import { useOnline } from '../../platform/useOnline';
import { useToasts } from '../../ui/useToasts';

/** Whether each company has a portal, as the server said once this session: a visit does not ask again. */
const portalKnown = new Map<number, boolean>();

function isSignOn(data: PortalSignOn | null | ''): data is PortalSignOn {
  return typeof data === 'object' && data !== null && typeof data.url === 'string';
}

/**
 * Opens the payment portal, signed on with a fresh short-lived token (posted in a form to a new tab, so the token
 * never sits in a URL or the history). Shown only online and only when the server has a portal configured.
 */
export function PaymentPortalButton({ companyId }: { companyId: number }) {
  const isOnline = useOnline();
  const { toast } = useToasts();
  const [available, setAvailable] = useState<{ companyId: number; isAvailable: boolean } | null>(null);
  useEffect(() => {
    if (!isOnline || portalKnown.has(companyId)) return;
    let isCurrent = true;
    void fetchPortalSignOn(companyId).then((result) => {
      // A 204 (no body) says no portal is configured: no button. A failure is not remembered.
      const isAvailable = result.ok && isSignOn(result.data);
      if (result.ok) portalKnown.set(companyId, isAvailable);
      if (isCurrent) setAvailable({ companyId, isAvailable });
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId, isOnline]);
  const isAvailable =
    portalKnown.get(companyId) ?? (available?.companyId === companyId ? available.isAvailable : false);
  if (!isOnline || !isAvailable) return null;

  const open = async () => {
    const result = await fetchPortalSignOn(companyId);
    if (!result.ok || !isSignOn(result.data)) {
      toast(
        'The payment portal could not be opened',
        result.ok ? 'No payment portal is set up for this server.' : result.error.message,
        { kind: 'error' },
      );
      return;
    }
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = result.data.url;
    form.target = '_blank';
    form.rel = 'noopener';
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'token';
    field.value = result.data.token;
    form.append(field);
    document.body.append(form);
    form.submit();
    form.remove();
  };

  return (
    <button type="button" className="btn btn--secondary" onClick={() => void open()}>
      <ExternalLink aria-hidden="true" size={16} />
      Payment portal
    </button>
  );
}
