import {
  Badge,
  Button,
  ErrorState,
  errorText,
  Loading,
  Notice,
  Table,
  Time,
  type Tone,
} from '../../components';
import { type Delivery, type DeliveryState, useDeliveries, useRedeliver } from './api';

const STATE: Record<DeliveryState, [string, Tone]> = {
  pending: ['Pending', 'info'],
  delivered: ['Delivered', 'success'],
  failed: ['Failed', 'danger'],
  cancelled: ['Cancelled', 'neutral'],
};

function lastOutcome(d: Delivery): string {
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}`;
  if (d.lastError) return d.lastError;
  return '—';
}

/** One endpoint's delivery log, newest first, with "Redeliver" and older pages. */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const log = useDeliveries(webhookId, true);
  const redeliver = useRedeliver();
  const rows = log.data?.pages.flatMap((p) => p.data) ?? [];

  if (log.isPending) return <Loading label="Loading deliveries…" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;

  return (
    <div className="stack">
      <p className="row">
        <Button
          className="btn-small"
          busy={log.isFetching && !log.isFetchingNextPage}
          onClick={() => void log.refetch()}
        >
          Refresh
        </Button>
      </p>
      {redeliver.isError ? <Notice tone="error">{errorText(redeliver.error)}</Notice> : null}
      {redeliver.isSuccess ? (
        <Notice tone="success">Sent again: a new delivery is at the top of the log.</Notice>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">Nothing sent yet. “Send test” sends a ping.</p>
      ) : (
        <Table caption="Deliveries, newest first" captionHidden busy={log.isFetching}>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Event</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Last attempt</th>
              <th scope="col">Next attempt</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => {
              const [label, tone] = STATE[d.state];
              return (
                <tr key={d.id} data-event={d.event}>
                  <td>
                    <Time value={d.createdAt} />
                  </td>
                  <td className="mono">{d.event}</td>
                  <td>
                    <Badge tone={tone}>{label}</Badge>
                  </td>
                  <td>{d.attempts}</td>
                  <td className="wrap-anywhere">{lastOutcome(d)}</td>
                  <td>
                    <Time value={d.lastAttemptAt} />
                  </td>
                  <td>
                    <Time value={d.nextAttemptAt} />
                  </td>
                  <td>
                    <Button
                      className="btn-small"
                      aria-label={`Redeliver ${d.event} from ${new Date(d.createdAt).toLocaleString()}`}
                      busy={redeliver.isPending && redeliver.variables?.deliveryId === d.id}
                      onClick={() => redeliver.mutate({ id: webhookId, deliveryId: d.id })}
                    >
                      Redeliver
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {log.hasNextPage ? (
        <p className="row">
          <Button busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Show older deliveries
          </Button>
        </p>
      ) : null}
    </div>
  );
}
