import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useEnterprises } from '../api/enterprises';
import type { Membership } from '../api/types';

const STORAGE_KEY = 'scanpin.enterpriseId';

interface EnterpriseChoice {
  /** The chosen Enterprise's id, or null for "all of them". */
  enterpriseId: number | null;
  choose: (id: number | null) => void;
  memberships: Membership[];
}

const Context = createContext<EnterpriseChoice>({ enterpriseId: null, choose: () => {}, memberships: [] });

function stored(): number | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const id = raw === null ? Number.NaN : Number.parseInt(raw, 10);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null; // Storage may be disabled; the choice then lasts for this page only.
  }
}

/**
 * Which of the person's Enterprises the dashboard looks at, remembered in this browser. A remembered
 * id the person no longer belongs to counts as "all".
 */
export function EnterpriseChoiceProvider({ children }: { children: ReactNode }) {
  const enterprises = useEnterprises();
  const [chosen, setChosen] = useState<number | null>(stored);
  const memberships = enterprises.data ?? [];
  // The remembered choice holds while the memberships load, so a reload never shows every
  // Enterprise's PINs for a moment; once they are known, one the person left counts as "all".
  const valid =
    chosen !== null && (enterprises.isPending || memberships.some((m) => m.enterprise.id === chosen))
      ? chosen
      : null;

  const choose = useCallback((id: number | null) => {
    setChosen(id);
    try {
      if (id === null) window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, String(id));
    } catch {
      // Not remembered; still applied.
    }
  }, []);

  const value = useMemo(() => ({ enterpriseId: valid, choose, memberships }), [valid, choose, memberships]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useEnterpriseChoice(): EnterpriseChoice {
  return useContext(Context);
}
