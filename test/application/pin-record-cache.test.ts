import { describe, expect, it } from 'vitest';
import type { PinChanges } from '../../src/application/pins/pin-changes.js';
import { PinRecordCache } from '../../src/application/pins/pin-record-cache.js';
import type { PinWithReport } from '../../src/domain/pin.js';

/** A bus whose notices and connection the test controls. */
class TestBus implements PinChanges {
  connected = true;
  private readonly all = new Set<(id: number) => void>();
  private readonly gaps = new Set<() => void>();
  publish(pinId: number) {
    for (const l of this.all) l(pinId);
  }
  gap() {
    for (const l of this.gaps) l();
  }
  follow(): () => void {
    return () => {};
  }
  followAll(listener: (id: number) => void) {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }
  listening() {
    return this.connected;
  }
  followGaps(listener: () => void) {
    this.gaps.add(listener);
    return () => this.gaps.delete(listener);
  }
  async close() {}
}

const pin = (id: number, progress: number) =>
  ({ id, code: `CODE${id}`, state: { progress } }) as unknown as PinWithReport;

function setUp() {
  const bus = new TestBus();
  let now = 0;
  const cache = new PinRecordCache(bus, () => now);
  const stored = new Map<string, PinWithReport>();
  let loads = 0;
  const read = (code: string) =>
    cache.read(code, async () => {
      loads++;
      return stored.get(code);
    });
  return {
    bus,
    cache,
    stored,
    read,
    loads: () => loads,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

describe('the PIN record cache', () => {
  it('answers repeated reads from memory until a notice says the PIN changed', async () => {
    const s = setUp();
    s.stored.set('CODE1', pin(1, 10));
    await s.read('CODE1');
    await s.read('CODE1');
    expect(s.loads()).toBe(1);
    s.stored.set('CODE1', pin(1, 50));
    s.bus.publish(1);
    expect(await s.read('CODE1')).toMatchObject({ state: { progress: 50 } });
    expect(s.loads()).toBe(2);
  });

  it('does not keep a read that a notice overtook', async () => {
    const s = setUp();
    s.stored.set('CODE1', pin(1, 10));
    const racing = s.cache.read('CODE1', async () => {
      const before = s.stored.get('CODE1');
      // The write commits and is announced while this read is still on its way back.
      s.stored.set('CODE1', pin(1, 60));
      s.bus.publish(1);
      return before;
    });
    expect(await racing).toMatchObject({ state: { progress: 10 } });
    expect(await s.read('CODE1')).toMatchObject({ state: { progress: 60 } });
  });

  it('keeps nothing while the bus is not listening, and drops everything after a gap', async () => {
    const s = setUp();
    s.stored.set('CODE1', pin(1, 10));
    await s.read('CODE1');
    s.bus.connected = false;
    await s.read('CODE1');
    await s.read('CODE1');
    expect(s.loads()).toBe(3);
    s.bus.connected = true;
    await s.read('CODE1');
    s.bus.gap();
    await s.read('CODE1');
    expect(s.loads()).toBe(5);
  });

  it('serves a record unannounced for at most ten seconds, and unknown codes never from memory', async () => {
    const s = setUp();
    s.stored.set('CODE1', pin(1, 10));
    await s.read('CODE1');
    s.tick(9_999);
    await s.read('CODE1');
    expect(s.loads()).toBe(1);
    s.tick(1);
    await s.read('CODE1');
    expect(s.loads()).toBe(2);
    expect(await s.read('NOPE')).toBeUndefined();
    expect(await s.read('NOPE')).toBeUndefined();
    expect(s.loads()).toBe(4);
  });

  it('stops listening when closed', async () => {
    const s = setUp();
    s.stored.set('CODE1', pin(1, 10));
    s.cache.close();
    s.bus.connected = false;
    s.bus.publish(1);
    s.bus.gap();
    expect(await s.read('CODE1')).toMatchObject({ state: { progress: 10 } });
  });
});
