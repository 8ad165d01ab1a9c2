import { usePinTimeline } from '../../api/pins';
import type { TimelineKind } from '../../api/types';
import { ErrorState, Loading, Time } from '../../components';

const WORDS: Record<TimelineKind, string> = {
  created: 'Created',
  started: 'Scan started',
  progress: 'Progress',
  finished: 'Finished',
  expired: 'Expired',
  failed: 'Failed',
};

/** What happened to the PIN, oldest first (created, started, progress messages, the end). */
export function Timeline({ code }: { code: string }) {
  const timeline = usePinTimeline(code);
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      {timeline.isPending ? (
        <Loading />
      ) : timeline.isError ? (
        <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : (
        <ol className="timeline">
          {timeline.data.data.map((entry, i) => (
            // Two entries may share a millisecond; the position tells them apart (the list only grows).
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only list, never reordered.
            <li key={`${entry.at}-${i}`} className={`kind-${entry.kind}`}>
              <strong>{WORDS[entry.kind]}</strong>
              {entry.kind === 'progress' ? ` · ${entry.progress}%` : ''}
              {entry.message && entry.message !== WORDS[entry.kind] ? ` · ${entry.message}` : ''}
              <div className="muted">
                <Time value={entry.at} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
