import { useMemo, useState } from 'react';
import { CloudOff } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAreaPaths } from '../../platform/company/useAreaPath';
import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useUserDb } from '../../platform/database';
import { useOnline } from '../../platform/useOnline';
import { createOpenCloseRequests } from '../../db/mutations/openClose';
import type { FieldProblems } from '../../domain/meters';
import { checkNewOpenCloseRequest, serviceChoices } from '../../domain/openCloseRequest';
import type { OpenCloseDetailsInput, OpenCloseField } from '../../domain/openCloseRequest';
import { Page } from '../../ui/Page';
import { Wizard } from '../../ui/Wizard';
import type { WizardStep } from '../../ui/Wizard';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';
import { ContactFields, DateFields } from './DetailFields';
import { ReviewStep, ServicesStep, SiteStep } from './NewRequestSteps';
import type { NewRequestForm } from './NewRequestSteps';
import { useCompanySites, useSiteAccounts, useWriter } from './useOpenCloseData';
import './openclose.css';

const EMPTY: NewRequestForm = {
  isOpen: true,
  locationId: '',
  services: [],
  turnoverDate: '',
  storeOpenDate: '',
  storeCloseDate: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
};

/** The fields each step checks before the wizard moves on. */
const STEP_FIELDS: readonly (readonly OpenCloseField[])[] = [
  ['locationId'],
  ['services'],
  ['turnoverDate', 'storeOpenDate', 'storeCloseDate'],
  ['contactName', 'contactPhone', 'contactEmail'],
  [],
];

/**
 * A new request to open or close service at a site (`/opencloseaccounts/new` and its twin): site, services, dates,
 * contact, review. Each step is checked with the server's rule before the next; Finish queues the request on the
 * device (one request per service), so it works offline and reaches the server once.
 */
export function NewOpenClosePage() {
  const db = useUserDb();
  const companyId = useCurrentCompanyId();
  const pathTo = useAreaPaths();
  const navigate = useNavigate();
  const isOnline = useOnline();
  const writer = useWriter();
  const queuedToast = useQueuedWriteToast();
  const sites = useCompanySites(companyId);
  const [form, setForm] = useState<NewRequestForm>(EMPTY);
  const [problems, setProblems] = useState<FieldProblems<OpenCloseField>>({});
  const accounts = useSiteAccounts(form.locationId);
  const choices = useMemo(() => serviceChoices(form.isOpen, accounts ?? []), [form.isOpen, accounts]);
  const site = sites?.find((candidate) => candidate.id === form.locationId) ?? null;

  const change = (fields: Partial<NewRequestForm>) => {
    // Another kind or site offers other services: the chosen ones start again.
    const resets =
      ('isOpen' in fields && fields.isOpen !== form.isOpen) ||
      ('locationId' in fields && fields.locationId !== form.locationId);
    setForm({ ...form, ...(resets ? { services: [] } : {}), ...fields });
    const cleared = Object.keys(fields).map((key) => (key === 'isOpen' ? 'services' : key));
    setProblems(Object.fromEntries(Object.entries(problems).filter(([key]) => !cleared.includes(key))));
  };
  const check = () => checkNewOpenCloseRequest(form.isOpen, form, accounts ?? []);
  const passes = (step: number) => {
    const result = check();
    if (result.ok) return true;
    const own = Object.entries(result.problems).filter(([field]) =>
      (STEP_FIELDS[step] ?? []).includes(field as OpenCloseField),
    );
    setProblems(Object.fromEntries(own));
    return own.length === 0;
  };

  const finish = async () => {
    if (!db || !writer || companyId === null) throw new Error('You are signed out.');
    const result = await createOpenCloseRequests(db, companyId, form.isOpen, form, writer);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    const count = result.requestIds.length;
    queuedToast(count === 1 ? 'Request made' : `${count} requests made`);
    void navigate(
      pathTo(count === 1 ? `opencloseaccounts/${result.requestIds[0] ?? ''}` : 'opencloseaccounts'),
    );
  };

  const detailProps = {
    isOpen: form.isOpen,
    input: form,
    problems,
    onChange: (field: keyof OpenCloseDetailsInput, value: string) => change({ [field]: value }),
  };
  const steps: WizardStep[] = [
    {
      id: 'site',
      title: 'Request and location',
      content: <SiteStep form={form} sites={sites} problem={problems.locationId} onChange={change} />,
      beforeChange: () => passes(0),
    },
    {
      id: 'services',
      title: 'Services',
      content: (
        <ServicesStep
          form={form}
          choices={choices}
          isLoading={accounts === undefined}
          problem={problems.services}
          onChange={(services) => change({ services })}
        />
      ),
      beforeChange: () => passes(1),
    },
    { id: 'dates', title: 'Dates', content: <DateFields {...detailProps} />, beforeChange: () => passes(2) },
    {
      id: 'contact',
      title: 'Site contact',
      content: <ContactFields {...detailProps} />,
      beforeChange: () => passes(3),
    },
    {
      id: 'review',
      title: 'Review',
      content: <ReviewStep form={form} site={site} choices={choices} problems={problems} />,
      beforeChange: () => check().ok,
    },
  ];

  return (
    <Page
      back={{ to: pathTo('opencloseaccounts'), label: 'Open/Close Accounts' }}
      titleId="openclose-new-title"
      title="New request"
      subtitle={<p className="muted">Ask for utility service to start or stop at a location.</p>}
    >
      {!isOnline ? (
        <p className="notice notice--warning" role="note">
          <CloudOff aria-hidden="true" size={16} />
          You are offline: the request is saved on this device and sent when you are back online.
        </p>
      ) : null}
      <div className="panel">
        <Wizard label="New open/close request" steps={steps} onFinish={finish} className="openclose-wizard" />
      </div>
    </Page>
  );
}

/** react-router `lazy` convention. */
export const Component = NewOpenClosePage;
