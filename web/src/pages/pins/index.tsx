import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { usePinList, usePinSlots } from '../../api/pins';
import { Button, EmptyState, ErrorState, Loading, Notice, PageHeader } from '../../components';
import { useEnterpriseChoice } from '../../layout/enterprise-choice';
import { CreatePin } from './CreatePin';
import { type FilterForm, hasFilters, readFilters, toQuery, writeFilters } from './filters';
import { PinFilters } from './PinFilters';
import { PinTable } from './PinTable';

/** `/`: the PINs the person may see, newest first, live (docs/dashboard.md, "Who sees what"). */
export default function PinsPage() {
  const [params, setParams] = useSearchParams();
  const { enterpriseId, memberships } = useEnterpriseChoice();
  // The owner, admins and moderators create PINs (docs/roles.md); the server says which apply here.
  const mayCreate = usePinSlots(enterpriseId).data?.canCreate === true;
  const form = readFilters(params);
  const list = usePinList(toQuery(form, enterpriseId));
  const joined = Number(params.get('joined'));
  const joinedName = memberships.find((m) => m.enterprise.id === joined)?.enterprise.name;

  const setForm = useCallback(
    (next: FilterForm) => setParams(writeFilters(next), { replace: true }),
    [setParams],
  );
  const pins = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <PageHeader title="PINs" />
      {joinedName ? <Notice tone="success">You joined {joinedName}. Its PINs are listed here.</Notice> : null}
      {mayCreate ? <CreatePin /> : null}
      <PinFilters
        value={form}
        onChange={setForm}
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
      />
      {list.isPending ? (
        <Loading label="Loading PINs…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : pins.length === 0 ? (
        hasFilters(form) ? (
          <EmptyState title="No PINs match these filters.">
            <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>Clear filters</Button>
          </EmptyState>
        ) : (
          <EmptyState title="No PINs yet.">
            {mayCreate
              ? 'Create one above and give its code to the player you want to scan.'
              : 'PINs made by your Enterprise appear here as soon as they are created.'}
          </EmptyState>
        )
      ) : (
        <>
          <PinTable pins={pins} busy={list.isFetching} />
          {list.hasNextPage ? (
            <p className="row">
              <Button busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show older PINs
              </Button>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
