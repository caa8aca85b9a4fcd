import { useCurrentCompanyId } from '../../platform/company/useCurrentCompanyId';
import { useUserDb } from '../../platform/database';
import { Page } from '../../ui/Page';
import { ImportBatches } from './ImportBatches';
import { NewImport } from './NewImport';
import {
  savedMappingOf,
  useAccountChoices,
  useImportBatches,
  useRefusedImports,
  useUserNames,
} from './useImports';
import { useImportWorker } from './useImportWorker';
import './imports.css';

/**
 * Imports (docs/architecture.md §14 Imports; not a spec route): a company's bills from spreadsheets and Green Button
 * files, prepared on this device (offline too) and applied once by the server as a batch that can be undone.
 */
export function ImportsPage() {
  const db = useUserDb();
  const companyId = useCurrentCompanyId();
  const worker = useImportWorker();
  const batches = useImportBatches(db, companyId);
  const refused = useRefusedImports(db, companyId);
  const userNames = useUserNames(db, companyId);
  const accountChoices = useAccountChoices(db, companyId);

  return (
    <Page
      titleId="imports-title"
      title="Imports"
      subtitle={<p className="muted">Bring bills in from spreadsheets and Green Button files.</p>}
    >
      {db && companyId !== null ? (
        <>
          <NewImport
            db={db}
            companyId={companyId}
            worker={worker}
            savedMapping={savedMappingOf(batches)}
            accountChoices={accountChoices}
          />
          <ImportBatches db={db} batches={batches} refused={refused} userNames={userNames} />
        </>
      ) : null}
    </Page>
  );
}

/** The lazy page's component. */
export const Component = ImportsPage;
