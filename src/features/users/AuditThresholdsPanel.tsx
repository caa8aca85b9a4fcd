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
import { TextField } from '../../ui/fields/TextField';
import { CompanySettingsPanel } from './CompanySettingsPanel';

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
  const saved = resolveAuditThresholds(company.auditThresholds);
  const [texts, setTexts] = useState<Texts>(() => textsOf(saved));

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

  return (
    <CompanySettingsPanel
      titleId="audit-thresholds-title"
      title={`Bill audit thresholds: ${company.name}`}
      company={company}
      isOnline={isOnline}
      canSave={changed > 0 && !hasErrors}
      canUndo={changed > 0 || hasErrors}
      saveLabel="Save audit thresholds"
      savedToast={[
        'Audit thresholds saved',
        `Bills of ${company.name} that arrive from now on are audited with them.`,
      ]}
      save={() => setAuditThresholds(company.id, edits)}
      undo={() => setTexts(textsOf(saved))}
      onChanged={onChanged}
    >
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
    </CompanySettingsPanel>
  );
}
