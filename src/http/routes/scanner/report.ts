import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  fail,
  finish,
  observe,
  type PinState,
  reportProgress,
  type Transition,
} from '../../../domain/pin-lifecycle.js';
import { matchCustomKeywords, verdictOf } from '../../../domain/scan-report.js';
import { hmacHex } from '../../../lib/crypto.js';
import { pinStateOf } from '../../../storage/repositories/pins.js';
import type { AppDeps } from '../../deps.js';
import { NoContent } from '../../schemas/common.js';
import { refusalProblem } from './problems.js';
import {
  FailBody,
  FINISH_BODY_LIMIT,
  FinishBody,
  FinishResponse,
  ProgressBody,
  sessionErrors,
} from './schemas.js';
import { scannerSession } from './session.js';

const tags = ['Scanner'];
const security = [{ sessionToken: [] }];

/** /v1/scanner/progress, /finish and /fail: the scan client's reports, bound to its session. */
export function scannerReportRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  const { repos, config, clock, hashSecret } = deps;
  const idleTimeoutMs = config.scanIdleTimeoutSeconds * 1000;

  /** Applies a lifecycle move to the session's PIN, or throws its 409/410 refusal. */
  function decide(request: FastifyRequest, move: (state: PinState, now: number) => Transition) {
    const now = clock();
    const pin = request.scanPin;
    const outcome = move(observe(pinStateOf(pin), now, { idleTimeoutMs }), now);
    if (!outcome.ok) throw refusalProblem(outcome.refusal, pin.code);
    return { pin, state: outcome.state, expect: { now, idleTimeoutMs } };
  }

  /** The write lost a race with another report or with time; answer as if it had come second. */
  async function refuseStale(
    request: FastifyRequest,
    move: (state: PinState, now: number) => Transition,
  ): Promise<never> {
    const fresh = (await repos.pins.findByCode(request.scanPin.code)) ?? request.scanPin;
    request.scanPin = fresh;
    decide(request, move);
    throw refusalProblem({ code: 'scan_closed', status: 'error' }, fresh.code);
  }

  return async (app) => {
    app.addHook('onRequest', scannerSession(deps));

    app.post(
      '/v1/scanner/progress',
      {
        schema: {
          summary: 'Report scan progress',
          tags,
          security,
          body: ProgressBody,
          response: { ...NoContent, ...sessionErrors },
        },
      },
      async (request, reply) => {
        const move = (s: PinState, now: number) =>
          reportProgress(s, request.body.progress, request.body.statusMessage, now);
        const { pin, state, expect } = decide(request, move);
        if (!(await repos.scans.progress(pin, state, expect))) await refuseStale(request, move);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/scanner/finish',
      {
        bodyLimit: FINISH_BODY_LIMIT,
        schema: {
          summary: 'Deliver the scan report',
          description: 'The server computes the verdict and answers with it.',
          tags,
          security,
          body: FinishBody,
          response: { 200: FinishResponse, ...sessionErrors },
        },
      },
      async (request) => {
        const report = request.body;
        const keywords = await repos.accounts.keywords(request.scanPin.account_id);
        const customSuspicious = matchCustomKeywords(report.artifacts, keywords);
        const verdict = verdictOf(report, customSuspicious);
        const move = (s: PinState, now: number) => finish(s, verdict, now);
        const { pin, state, expect } = decide(request, move);
        const ipHash = report.ip ? hmacHex(hashSecret, `ip:${report.ip}`) : null;
        if (!(await repos.scans.finish(pin, state, report, { customSuspicious, ipHash }, expect))) {
          await refuseStale(request, move);
        }
        return { result: verdict };
      },
    );

    app.post(
      '/v1/scanner/fail',
      {
        schema: {
          summary: 'Report that the scan failed',
          tags,
          security,
          body: FailBody,
          response: { ...NoContent, ...sessionErrors },
        },
      },
      async (request, reply) => {
        const move = (s: PinState, now: number) => fail(s, request.body.message, now);
        const { pin, state, expect } = decide(request, move);
        if (!(await repos.scans.fail(pin, state, expect))) await refuseStale(request, move);
        return reply.code(204).send(null);
      },
    );
  };
}
