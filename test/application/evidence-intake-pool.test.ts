import { describe, expect, it } from 'vitest';
import {
  createEvidenceIntake,
  defaultIntakeSettings,
  IntakeBusy,
} from '../../src/application/scans/evidence-intake/pool.js';
import { WORKER_BODY_SCHEMAS } from '../../src/http/routes/scanner/worker-bodies.js';
import { sha256Hex } from '../../src/lib/crypto.js';
import { evidence, jar } from '../support/evidence.js';

/**
 * The evidence intake's worker threads (docs/security.md, "Evidence uploads"): a task past its time
 * limit is stopped and its thread replaced, and a full queue refuses at once; both are answered 503
 * busy by the routes. The real workers run here, with the real schemas.
 */
const nonce = 'n'.repeat(24);
const bigDocument = () =>
  Buffer.from(
    JSON.stringify(
      evidence(nonce, {
        files: {
          items: Array.from({ length: 2_000 }, (_, i) =>
            jar(
              `~/.minecraft/mods/m${i}.jar`,
              Array.from({ length: 200 }, (_, e) => `a/b/c/Class${e}.class`),
            ),
          ),
        },
      }),
    ),
  );
const task = (body: Uint8Array) => ({
  body,
  nonceHash: sha256Hex(nonce),
  rules: { version: 'none', rules: [] },
  gameType: 'Java',
  facts: { receivedAt: Date.now(), startedAt: null },
});

describe('the evidence intake pool', () => {
  it('stops a task past its time limit, and the next task runs on a fresh thread', async () => {
    const intake = createEvidenceIntake(
      { ...defaultIntakeSettings(), threads: 1, timeLimitMs: 5 },
      WORKER_BODY_SCHEMAS,
    );
    const body = bigDocument();
    expect(body.length).toBeGreaterThan(5_000_000);
    await expect(intake.intake(task(body))).rejects.toBeInstanceOf(IntakeBusy);
    const relaxed = createEvidenceIntake(
      { ...defaultIntakeSettings(), threads: 1, timeLimitMs: 60_000 },
      WORKER_BODY_SCHEMAS,
    );
    const done = await relaxed.intake(task(Buffer.from(JSON.stringify(evidence(nonce)))));
    expect(done.ok).toBe(true);
  }, 60_000);

  it('refuses at once when its thread and queue are taken', async () => {
    const intake = createEvidenceIntake(
      { ...defaultIntakeSettings(), threads: 1, maxQueue: 1, timeLimitMs: 60_000 },
      WORKER_BODY_SCHEMAS,
    );
    // A warm thread, as a running server has: a cold pool holds the first burst while it starts one.
    expect((await intake.intake(task(Buffer.from(JSON.stringify(evidence(nonce)))))).ok).toBe(true);
    const body = bigDocument();
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => intake.intake(task(body))));
    const busy = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof IntakeBusy);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('pages a stored document from the copy a worker holds, and asks for it only when it holds none', async () => {
    const intake = createEvidenceIntake({ ...defaultIntakeSettings(), threads: 1 }, WORKER_BODY_SCHEMAS);
    const documentJson = JSON.stringify(evidence(nonce));
    const request = { list: null, offset: 0, limit: 0 };
    expect(await intake.page({ key: 'rcpt_unseen', request })).toEqual({ kind: 'not-held' });
    expect((await intake.page({ key: 'rcpt_a', documentJson, request })).kind).toBe('document');
    expect((await intake.page({ key: 'rcpt_a', request })).kind).toBe('document');
  });
});
