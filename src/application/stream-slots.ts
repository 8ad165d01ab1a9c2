import type { UseCaseContext } from './context.js';
import { refuse } from './failures.js';

/** Who holds open event streams: an API key (GET /v1/pins/:pinCode/events) or a dashboard session. */
export type StreamHolder = { kind: 'key' | 'session'; id: number };

const openStreams = new WeakMap<UseCaseContext, Map<string, number>>();

/**
 * Takes one of the holder's `max` event-stream slots on this instance (docs/api.md, "Following a PIN
 * live"; docs/dashboard.md, "The dashboard API"), or refuses with too_many_streams. Returns the
 * release, which may be called any number of times.
 */
export function takeStreamSlot(ctx: UseCaseContext, holder: StreamHolder, max: number): () => void {
  let counts = openStreams.get(ctx);
  if (counts === undefined) {
    counts = new Map();
    openStreams.set(ctx, counts);
  }
  const name = `${holder.kind}:${holder.id}`;
  const held = counts.get(name) ?? 0;
  if (held >= max)
    refuse(
      holder.kind === 'session'
        ? { code: 'too_many_streams', max, holder: 'session' }
        : { code: 'too_many_streams', max },
    );
  counts.set(name, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(name) ?? 1) - 1;
    if (left <= 0) counts.delete(name);
    else counts.set(name, left);
  };
}

/** How many event streams the holder has open on this instance now. */
export function openStreamCount(ctx: UseCaseContext, holder: StreamHolder): number {
  return openStreams.get(ctx)?.get(`${holder.kind}:${holder.id}`) ?? 0;
}
