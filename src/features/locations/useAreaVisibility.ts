import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { CompanyRow } from '../../db/rows';
import { canOpenArea } from '../../domain/nav';
import { rolesAtom } from '../../session/atoms';

/** Which related areas the user may open in this company: the areas' own rules, so links never lead to a guard. */
export function useAreaVisibility(company: CompanyRow | null): {
  contracts: boolean;
  budgets: boolean;
  isConsultant: boolean;
} {
  const roles = useAtomValue(rolesAtom);
  return useMemo(() => {
    if (!roles || !company) return { contracts: false, budgets: false, isConsultant: false };
    const ctx = { roles, company };
    return {
      contracts: canOpenArea('contracts', ctx),
      budgets: canOpenArea('budgets', ctx),
      isConsultant: roles.isConsultant,
    };
  }, [roles, company]);
}
