import { useMe } from '../../api/me';
import { EmptyState, ErrorState, Loading, PageHeader } from '../../components';
import { useKeys } from './api';
import { CreateKey } from './CreateKey';
import { KeyTable } from './KeyTable';

/** `/keys`: the person's API keys for the published /v1 API (docs/api.md, "Authentication"). */
export default function KeysPage() {
  const { me } = useMe();
  const keys = useKeys();

  return (
    <>
      <PageHeader title="API keys" />
      <p className="muted">
        Keys let your own programs (a Discord bot, a server plugin) call the scanpin API as you. Each one
        holds only the permissions you give it.
      </p>
      <CreateKey ownsEnterprise={me?.ownsEnterprise === true} />
      <section className="stack" aria-labelledby="key-list-title">
        <h2 id="key-list-title">Your keys</h2>
        {keys.isPending ? (
          <Loading label="Loading keys…" />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No keys yet.">Create one above.</EmptyState>
        ) : (
          <KeyTable keys={[...keys.data].reverse()} busy={keys.isFetching} />
        )}
      </section>
    </>
  );
}
