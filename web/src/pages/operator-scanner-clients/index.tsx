import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { Button, PageHeader } from '../../components';
import { type OperatorAccess, OperatorAccessProvider } from './access';
import { ClientList } from './ClientList';
import { RegisterClient } from './RegisterClient';
import { RetirePrevious } from './RetirePrevious';
import { TokenForm } from './TokenForm';

/**
 * `/operator/scanner-clients` (docs/operations.md, "Scanner clients page"): the operator's registry of
 * scanner clients, outside the signed-in layout because the operator has no account session. It works
 * with the operator token, pasted here and kept in this page's memory only.
 */
export default function OperatorScannerClientsPage() {
  const client = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);

  // The cache keeps a finished mutation's input (the first check's is the token itself) for minutes:
  // dropped as soon as it has served, so "Forget the token" leaves nothing of it behind.
  const dropMutations = useCallback(() => {
    const mutations = client.getMutationCache();
    for (const mutation of mutations.findAll({ mutationKey: queryKeys.operator })) mutations.remove(mutation);
  }, [client]);
  const forget = useCallback(
    (error: unknown = null) => {
      setToken(null);
      setRefusal(error);
      client.removeQueries({ queryKey: queryKeys.operator });
      dropMutations();
    },
    [client, dropMutations],
  );
  const access = useMemo<OperatorAccess | null>(
    () => (token === null ? null : { token, refused: forget }),
    [token, forget],
  );

  return (
    <main id="main" className="page stack">
      <PageHeader title="Scanner clients">
        {access ? <Button onClick={() => forget()}>Forget the token</Button> : null}
      </PageHeader>
      <p className="muted">
        For the operator of this server: the official scanner builds and third-party integrations whose signed
        calls the scanner API accepts. The same as <code>npx scanpin scanner-clients</code> on the server.
      </p>
      {access === null ? (
        <TokenForm
          refusal={refusal}
          onAccepted={(accepted) => {
            setRefusal(null);
            setToken(accepted);
            dropMutations();
          }}
        />
      ) : (
        <OperatorAccessProvider value={access}>
          <ClientList />
          <RetirePrevious />
          <RegisterClient />
        </OperatorAccessProvider>
      )}
    </main>
  );
}
