import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { usePin } from '../../api/pins';
import { useRoleActions } from '../../api/roles';
import {
  Badge,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  ProgressBar,
  StatusBadge,
  Time,
  VerdictBadge,
} from '../../components';
import { CancelPin } from './CancelPin';
import { DiscordPanel } from './DiscordPanel';
import { Evidence } from './Evidence';
import { Results } from './Results';
import { Share } from './Share';
import { Timeline } from './Timeline';
import { Verdict } from './Verdict';

/**
 * `/pins/:code`: one PIN, its verdict and assurance, its timeline, full results, the Discord accounts seen, the evidence, sharing,
 * and the Discord app's message for it.
 */
export default function PinDetailPage() {
  const { code = '' } = useParams();
  const pin = usePin(code);
  const { mayIn } = useRoleActions();

  if (pin.isPending) return <Loading label="Loading the PIN…" />;
  if (pin.isError) {
    if (isApiError(pin.error, 'pin_not_found') || isApiError(pin.error, 'invalid_pin_code')) {
      return (
        <>
          <PageHeader title={`PIN ${code.toUpperCase()}`} />
          <EmptyState title="There is no PIN with this code that you may see.">
            <Link to="/">Back to the PINs</Link>
          </EmptyState>
        </>
      );
    }
    return <ErrorState error={pin.error} onRetry={() => void pin.refetch()} />;
  }

  const { status, results } = pin.data;
  return (
    <>
      <p>
        <Link to="/">← All PINs</Link>
      </p>
      <PageHeader title={`PIN ${status.pin}`}>
        <StatusBadge status={status.status} />
        <VerdictBadge verdict={status.result} />
        {status.private ? <Badge>Private</Badge> : null}
      </PageHeader>
      <section className="card stack" aria-labelledby="pin-facts">
        <h2 id="pin-facts" className="visually-hidden">
          About this PIN
        </h2>
        {status.status === 'scanning' ? (
          <div>
            <ProgressBar value={status.progress} label="Scan progress" />
            <p className="muted" aria-live="polite">
              {status.progress}%{status.statusMessage ? ` · ${status.statusMessage}` : ''}
            </p>
          </div>
        ) : null}
        <dl className="facts">
          <div>
            <dt>Name</dt>
            <dd>{status.pinName ?? '—'}</dd>
          </div>
          <div>
            <dt>Game</dt>
            <dd>{status.type}</dd>
          </div>
          <div>
            <dt>Creator</dt>
            <dd>{status.mine ? `You (${status.creator})` : status.creator}</dd>
          </div>
          {status.enterprise ? (
            <div>
              <dt>Enterprise</dt>
              <dd>{status.enterprise}</dd>
            </div>
          ) : null}
          <div>
            <dt>Created</dt>
            <dd>
              <Time value={status.createdAt} />
            </dd>
          </div>
          <div>
            <dt>Last update</dt>
            <dd>
              <Time value={status.lastStatusUpdate} />
            </dd>
          </div>
          {status.expiresAt && (status.status === 'pending' || status.status === 'scanning') ? (
            <div>
              <dt>Expires</dt>
              <dd>
                <Time value={status.expiresAt} relativeToo />
              </dd>
            </div>
          ) : null}
        </dl>
        {status.status === 'pending' && mayIn(status.enterpriseId, 'pin.cancel') ? (
          <CancelPin code={status.pin} />
        ) : null}
      </section>
      {/* What staff came for first: the verdict and the findings; how the scan went comes after. */}
      <Verdict results={results} />
      <Results results={results} />
      {status.isFinished ? (
        <Evidence code={status.pin} mayReview={mayIn(status.enterpriseId, 'finding.review')} />
      ) : null}
      <Timeline code={status.pin} />
      {status.isFinished ? <Share code={status.pin} /> : null}
      <DiscordPanel code={status.pin} />
    </>
  );
}
