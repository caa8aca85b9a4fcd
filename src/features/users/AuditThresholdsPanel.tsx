import { useState } from 'react';
import { setAuditThresholds } from '../../api/users';
import type { CompanyRow } from '../../db/rows';
import {
  AUDIT_THRESHOLD_FIELDS,
  DEFAULT_AUDIT_THRESHOLDS,
  auditThresholdProblem,
  auditThresholdsProblem,
  resolveAuditThresholds,
} from '../../domain/billAuditThresholds';
import type { AuditThresholdKey, AuditThresholds } from '../../domain/billAuditThresholds';
import { sendSyncCommand } from '../../sync/useSyncController';
import { Panel } from '../../ui/Panel';
import { TextField } from '../../ui/fields/TextField';
import { useToasts } from '../../ui/useToasts';

type Texts = Record<AuditThresholdKey, string>;

function textsOf(thresholds: AuditThresholds): Texts {
  return Object.fromEntries(
    AUDIT_THRESHOLD_FIELDS.map((field) => [field.key, String(thresholds[field.key])]),
  ) as Texts;
}

/**
 * The bill audits' thresholds of the company the page is in (`PUT companies/setAuditThresholds`), beside its access
 * flags. A field emptied goes back to the default; the audits use the saved values for bills that arrive after.
 */
export function AuditThresholdsPanel({
  company,
  isOnline,
  onChanged,
}: {
  company: CompanyRow;
  isOnline: boolean;
  onChanged: () => void;
}) {
  const { toast } = useToasts();
  const saved = resolveAuditThresholds(company.auditThresholds);
  const [texts, setTexts] = useState<Texts>(() => textsOf(saved));
  const [isSaving, setSaving] = useState(false);

  const edits: Partial<Record<AuditThresholdKey, number | null>> = {};
  const errors: Partial<Record<AuditThresholdKey, string>> = {};
  const next: AuditThresholds = { ...saved };
  for (const field of AUDIT_THRESHOLD_FIELDS) {
    const text = texts[field.key].trim();
    const value = text === '' ? null : Number(text);
    const problem = value === null ? null : auditThresholdProblem(field.key, value);
    if (problem) errors[field.key] = problem;
    else if ((value ?? DEFAULT_AUDIT_THRESHOLDS[field.key]) !== saved[field.key]) edits[field.key] = value;
    if (!problem) next[field.key] = value ?? DEFAULT_AUDIT_THRESHOLDS[field.key];
  }
  const rangeProblem = auditThresholdsProblem(next);
  const changed = Object.keys(edits).length;
  const hasErrors = Object.keys(errors).length > 0 || rangeProblem !== null;

  const save = async () => {
    setSaving(true);
    const result = await setAuditThresholds(company.id, edits);
    setSaving(false);
    if (result.ok) {
      toast(
        'Audit thresholds saved',
        `Bills of ${company.name} that arrive from now on are audited with them.`,
        {
          kind: 'success',
        },
      );
      sendSyncCommand({ type: 'syncNow', companyId: company.id });
    } else toast('Not saved', result.error.message, { kind: 'error' });
    onChanged();
  };

  return (
    <Panel titleId="audit-thresholds-title" title={`Bill audit thresholds: ${company.name}`}>
      <div className="users-thresholds">
        {AUDIT_THRESHOLD_FIELDS.filter(
          // The weather-based outlier runs only for companies with weather normalisation (spec 000 flags).
          (field) => field.key !== 'weatherOutlierConfidencePct' || company.weatherNormalizationAccess,
        ).map((field) => (
          <TextField
            key={field.key}
            label={`${field.label} (${field.unit})`}
            type="number"
            inputMode="decimal"
            value={texts[field.key]}
            disabled={!isOnline}
            hint={`Default ${DEFAULT_AUDIT_THRESHOLDS[field.key]}`}
            error={errors[field.key] ?? null}
            onChange={(value) => setTexts((current) => ({ ...current, [field.key]: value }))}
          />
        ))}
      </div>
      {rangeProblem ? (
        <p className="users-thresholds__problem" role="alert">
          {rangeProblem}
        </p>
      ) : null}
      <div className="users-flags__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!isOnline || isSaving || changed === 0 || hasErrors}
          aria-busy={isSaving || undefined}
          onClick={() => void save()}
        >
          Save audit thresholds
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={changed === 0 && !hasErrors}
          onClick={() => setTexts(textsOf(saved))}
        >
          Undo changes
        </button>
      </div>
    </Panel>
  );
}
