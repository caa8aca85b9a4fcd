import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { CompanyRow } from '../../db/rows';
import { sidebarEntries } from '../../domain/nav';
import { rolesAtom } from '../../session/atoms';

/** Which related areas the user may open in this company: the sidebar's own rules, so links never lead to a guard. */
export function useAreaVisibility(company: CompanyRow | null): {
  contracts: boolean;
  budgets: boolean;
  isConsultant: boolean;
} {
  const roles = useAtomValue(rolesAtom);
  return useMemo(() => {
    if (!roles || !company) return { contracts: false, budgets: false, isConsultant: false };
    const keys = new Set(sidebarEntries({ roles, company }).map((entry) => entry.key));
    return {
      contracts: keys.has('contracts'),
      budgets: keys.has('budgets'),
      isConsultant: roles.isConsultant,
    };
  }, [roles, company]);
}
