import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../api/query-keys';
import type { ListedPin, PinDetail, PinList } from '../api/types';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'off';

const STATUS_WORDS: Record<ListedPin['status'], string> = {
  pending: 'is waiting for its scan',
  scanning: 'started scanning',
  finished: 'finished',
  expired: 'expired',
  error: 'failed',
};

/** Puts one changed PIN into every cached list and its detail; true when some list held it. */
function applyPin(client: QueryClient, pin: ListedPin): boolean {
  let found = false;
  client.setQueriesData<InfiniteData<PinList>>({ queryKey: queryKeys.pins.lists }, (lists) => {
    if (!lists) return lists;
    let changed = false;
    const pages = lists.pages.map((page) => {
      const at = page.data.findIndex((p) => p.pin === pin.pin);
      if (at < 0) return page;
      changed = true;
      return { ...page, data: page.data.map((p, i) => (i === at ? pin : p)) };
    });
    if (!changed) return lists;
    found = true;
    return { ...lists, pages };
  });
  client.setQueryData<PinDetail>(queryKeys.pins.detail(pin.pin), (detail) =>
    detail ? { ...detail, status: pin } : detail,
  );
  return found;
}

/**
 * Follows `/app/api/events` (docs/dashboard.md, "Live updates") while a signed-in page is open and
 * keeps the PIN caches current: a changed PIN replaces its row in every loaded list and its detail; a
 * PIN no list holds yet (just created) makes the lists refetch, so filters and order stay the server's.
 * Returns the connection state and a sentence about the last status change, for an aria-live region.
 */
export function useLiveEvents(enabled: boolean): { state: LiveState; announcement: string } {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [announcement, setAnnouncement] = useState('');
  const lastStatus = useRef(new Map<string, ListedPin['status']>());

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setState('off');
      return;
    }
    const source = new EventSource('/app/api/events');

    source.addEventListener('open', () => {
      setState('live');
      // Changes made before the stream was following (the lists may have been read just before it
      // opened, or while it was down) were missed: read the PINs afresh once it follows.
      void client.invalidateQueries({ queryKey: queryKeys.pins.all });
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        // The server refused the stream (signed out, or too many tabs): ask who is signed in,
        // which sends a signed-out person to /sign-in.
        setState('off');
        void client.invalidateQueries({ queryKey: queryKeys.me });
      } else {
        setState('reconnecting');
      }
    });
    source.addEventListener('pin', (event) => {
      let pin: ListedPin;
      try {
        pin = JSON.parse((event as MessageEvent<string>).data) as ListedPin;
      } catch {
        return;
      }
      const held = applyPin(client, pin);
      if (!held) void client.invalidateQueries({ queryKey: queryKeys.pins.lists });
      // The Discord message preview draws the PIN as it is now (progress included): redraw it if shown.
      void client.invalidateQueries({ queryKey: queryKeys.pins.discordMessage(pin.pin) });

      const before = lastStatus.current.get(pin.pin);
      lastStatus.current.set(pin.pin, pin.status);
      if (before !== pin.status) {
        if (pin.status !== 'scanning') void client.invalidateQueries({ queryKey: queryKeys.pinSlots });
        // Results and the timeline change with the status; read them again if someone is looking.
        void client.invalidateQueries({ queryKey: queryKeys.pins.timeline(pin.pin) });
        if (pin.isFinished || pin.status === 'expired' || pin.status === 'error') {
          void client.invalidateQueries({ queryKey: queryKeys.pins.detail(pin.pin) });
        }
        const verdict = pin.result ? `: ${pin.result}` : '';
        setAnnouncement(`PIN ${pin.pin} ${STATUS_WORDS[pin.status]}${verdict}.`);
      } else if (pin.statusMessage) {
        void client.invalidateQueries({ queryKey: queryKeys.pins.timeline(pin.pin) });
      }
    });

    return () => source.close();
  }, [enabled, client]);

  return { state, announcement };
}
