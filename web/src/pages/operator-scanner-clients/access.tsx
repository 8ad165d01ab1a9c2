import { createContext, type ReactNode, useContext } from 'react';

/**
 * The operator token the page was given, held in React state only (docs/operations.md, "Scanner
 * clients page"): never in storage, a cookie or the address, so a reload or a closed tab forgets it.
 */
export interface OperatorAccess {
  token: string;
  /** A call was refused 401: the token no longer works. The page drops it and asks again. */
  refused: (error: unknown) => void;
}

const AccessContext = createContext<OperatorAccess | null>(null);

export function OperatorAccessProvider({ value, children }: { value: OperatorAccess; children: ReactNode }) {
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

export function useOperatorAccess(): OperatorAccess {
  const access = useContext(AccessContext);
  if (access === null) throw new Error('useOperatorAccess outside OperatorAccessProvider');
  return access;
}
