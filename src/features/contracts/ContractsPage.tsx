import { useCurrentCompanyId } from '../../app/company/useCurrentCompanyId';
import { CompanyDocuments } from './CompanyDocuments';

/** The Contracts area (`/contracts` and its consultant twin): for now the company's documents. */
export function ContractsPage() {
  const companyId = useCurrentCompanyId();
  return (
    <section className="page" aria-labelledby="contracts-title">
      <header className="page__header">
        <h1 id="contracts-title" className="page__title">
          Contracts
        </h1>
      </header>
      {companyId === null ? null : <CompanyDocuments companyId={companyId} />}
    </section>
  );
}

/** The lazy page's component. */
export const Component = ContractsPage;
