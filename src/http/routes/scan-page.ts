import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../application/context.js';
import { discordSignInEnabled } from '../../application/people/discord-sign-in.js';
import {
  finishPlayerProof,
  PLAYER_PROOF_CALLBACK_PATH,
  PLAYER_PROOF_LINK_PATH,
  proofTargetOf,
  startPlayerProof,
} from '../../application/scans/prove-player.js';
import { scanLinkPin, sentUnstamped, stampedScannerDownload } from '../../application/scans/scan-link.js';
import { findScannerDownload, listScannerDownloads } from '../../application/scans/scanner-downloads.js';
import { publicBaseUrl } from '../../config.js';
import { PIN_CODE_PATTERN } from '../../domain/pin-code.js';
import {
  BUILD_NAME,
  detectScanPlatform,
  isScanPlatform,
  SCAN_PLATFORMS,
  type ScanPlatform,
} from '../../domain/player-platform.js';
import { PLAYER_PROOF_MESSAGES } from '../../domain/player-proof.js';
import { iso } from '../../domain/time.js';
import {
  deadScanLinkPage,
  type PinPageBuild,
  pinScanPage,
  unstampedBuildPage,
} from '../pages/pin-scan-page.js';
import { proofConfirmPage, proofResultPage, scanPage } from '../pages/scan-page.js';
import { SERVER_PAGE_STYLE_SOURCE } from '../pages/server-page.js';
import { limitByClientAddress } from '../plugins/client-address-limit.js';
import { sendProblem } from '../plugins/errors.js';
import { setRateLimitHeaders } from '../plugins/rate-limit-headers.js';
import { assertSameOrigin } from '../plugins/session-auth.js';
import { problems, rateLimitedProblem } from '../problem.js';

/**
 * The pages load nothing, not even a stylesheet: only their own inline style may apply. The proof
 * link's page has one form, posted here and sent on to Discord's consent page, which browsers check
 * against form-action too; the others have none.
 */
export function scanPageCsp(discordAuthorizeOrigin: string | null): string {
  const formAction = discordAuthorizeOrigin === null ? "'none'" : `'self' ${discordAuthorizeOrigin}`;
  return `default-src 'none'; style-src ${SERVER_PAGE_STYLE_SOURCE}; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`;
}

/** The proof's result page has no form at all. */
const PROOF_PAGE_CSP = `default-src 'none'; style-src ${SERVER_PAGE_STYLE_SOURCE}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Holds one browser's sealed proof attempt; sent back only to /scan/discord/… */
const PROOF_COOKIE = 'scanpin_player_proof';
const PROOF_COOKIE_PATH = '/scan/discord';

const OneOrMore = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const CallbackQuery = Type.Object({ code: OneOrMore, state: OneOrMore, error: OneOrMore });
const ProofLinkParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

// Any text: a name the folder does not offer is answered 404 below, like a path with no route.
/** The proof form holds one link's token: a kilobyte is plenty. */
const FORM_BODY_LIMIT = 1024;
const FileParams = Type.Object({ file: Type.String() });
// Any text too: whatever is not a PIN that can start a scan gets the same page.
const PinLinkParams = Type.Object({ pinCode: Type.String({ maxLength: 64 }) });
/**
 * What a scan link's PIN looks like (domain/pin-code.ts). Anything else under /scan/ is no scan link
 * (a mistyped path, `download/` itself, `../` tricks on the downloads) and is answered like any
 * unknown path.
 */
const PIN_SHAPED = new RegExp(PIN_CODE_PATTERN);
const PinLinkQuery = Type.Object({ platform: Type.Optional(Type.String({ maxLength: 16 })) });
const PinDownloadParams = Type.Object({
  pinCode: Type.String({ maxLength: 64 }),
  platform: Type.String({ maxLength: 16 }),
});

/** `sha-256=:…:` (RFC 9530), so a client can check the bytes it received. */
const reprDigest = (sha256Hex: string) => `sha-256=:${Buffer.from(sha256Hex, 'hex').toString('base64')}:`;

/**
 * The player's page and the scanner downloads (docs/scan-client.md, "For players" and "Hosting the
 * downloads"). Signed out, so counted per client address like the other public pages.
 */
export function scanPageRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const onRequest = limitByClientAddress(ctx);

    app.get('/scan', { schema: { hide: true }, onRequest }, async (_request, reply) => {
      const downloads = await listScannerDownloads(ctx);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', scanPageCsp(null))
        .header('cache-control', 'no-cache')
        .send(
          scanPage({
            serverUrl: publicBaseUrl(ctx.config),
            downloads,
            retentionDays: ctx.config.reportRetentionDays,
            proofEnabled: discordSignInEnabled(ctx.config),
          }),
        );
    });

    const proofPage = (reply: FastifyReply, outcome: Parameters<typeof proofResultPage>[0], status = 200) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PROOF_PAGE_CSP)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(proofResultPage(outcome));
    const cookieOptions = {
      path: PROOF_COOKIE_PATH,
      httpOnly: true,
      // Lax: the cookie must come back on Discord's top-level redirect to the callback.
      sameSite: 'lax' as const,
      secure: publicBaseUrl(ctx.config).startsWith('https://'),
    };

    // The PIN travels in the form's body, never in an address that logs or histories keep. Its
    // limit is the route's (FORM_BODY_LIMIT), so a 413 names it (plugins/errors.ts).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // The scanner's one-time link: a page saying which scan it ties to the account, with one button.
    // Nothing is recorded by opening it (a link preview or a prefetch opens links too).
    app.get(
      `${PLAYER_PROOF_LINK_PATH}/:token`,
      { schema: { hide: true, params: ProofLinkParams }, onRequest },
      async (request, reply) => {
        if (!discordSignInEnabled(ctx.config))
          return proofPage(reply, { ok: false, message: PLAYER_PROOF_MESSAGES.disabled }, 404);
        const target = await proofTargetOf(ctx, request.params.token);
        if (target === undefined)
          return proofPage(reply, { ok: false, message: PLAYER_PROOF_MESSAGES.pin_not_waiting }, 404);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', scanPageCsp(new URL(ctx.config.discordAuthorizeUrl).origin))
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(
            proofConfirmPage({
              token: request.params.token,
              pinCode: target.pinCode,
              gameType: target.gameType,
              enterprise: target.enterprise,
              startedAt:
                target.startedAt === null ? null : iso(target.startedAt).slice(0, 16).replace('T', ' '),
            }),
          );
      },
    );

    // Only the link page's own form may start a proof: another site must not bind a visitor's Discord
    // account to a scan of its choosing (docs/risk-score.md, "Whose scan it is").
    const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request, ctx);
    app.post(
      '/scan/discord',
      { schema: { hide: true }, bodyLimit: FORM_BODY_LIMIT, onRequest: [onRequest, sameOrigin] },
      async (request, reply) => {
        const body = request.body as { token?: unknown } | null;
        const started = await startPlayerProof(ctx, typeof body?.token === 'string' ? body.token : '');
        if (!started.ok)
          return proofPage(reply, { ok: false, message: PLAYER_PROOF_MESSAGES[started.error] }, 400);
        reply.setCookie(PROOF_COOKIE, started.pending, { ...cookieOptions, maxAge: started.maxAgeSeconds });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(started.redirectTo, 303);
      },
    );

    app.get(
      PLAYER_PROOF_CALLBACK_PATH,
      { schema: { hide: true, querystring: CallbackQuery }, onRequest },
      async (request, reply) => {
        const outcome = await finishPlayerProof(ctx, {
          pending: request.cookies[PROOF_COOKIE],
          state: single(request.query.state),
          code: single(request.query.code),
          error: single(request.query.error),
          clientAddress: request.ip,
        });
        reply.clearCookie(PROOF_COOKIE, cookieOptions);
        if (outcome.ok) return proofPage(reply, outcome);
        request.log.info({ reason: outcome.error, detail: outcome.detail }, 'player proof refused');
        return proofPage(reply, { ok: false, message: PLAYER_PROOF_MESSAGES[outcome.error] }, 400);
      },
    );

    // A scan link says whether its PIN could start a scan, as the scanner's preview does, so it also
    // counts against the starts' per-address budget against guessing (docs/api.md, "Rate limits").
    const limitLikeStarts = async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await ctx.rateLimiter.forScannerStart(request.ip);
      setRateLimitHeaders(reply, limit);
      if (!limit.allowed) throw rateLimitedProblem(limit);
    };
    const pinLinkLimits = [onRequest, limitLikeStarts];

    const htmlPage = (reply: FastifyReply, html: string, status = 200) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', scanPageCsp(null))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);

    // The link staff give a player (docs/scan-client.md, "Your scan link"). A PIN that cannot start a
    // scan gets one page whatever the reason, saying no more than the scanner's preview does.
    app.get(
      '/scan/:pinCode',
      { schema: { hide: true, params: PinLinkParams, querystring: PinLinkQuery }, onRequest: pinLinkLimits },
      async (request, reply) => {
        if (!PIN_SHAPED.test(request.params.pinCode))
          return sendProblem(reply, problems.routeNotFound(request.method, request.url));
        const pin = await scanLinkPin(ctx, request.params.pinCode);
        if (pin === null) return htmlPage(reply, deadScanLinkPage(), 404);
        const asked = request.query.platform;
        const platform: ScanPlatform = isScanPlatform(asked)
          ? asked
          : detectScanPlatform({
              platformHint: request.headers['sec-ch-ua-platform'] as string | undefined,
              userAgent: request.headers['user-agent'],
            });
        const downloads = await listScannerDownloads(ctx);
        const builds: Partial<Record<ScanPlatform, PinPageBuild>> = {};
        for (const p of SCAN_PLATFORMS) {
          const build = downloads.find((d) => d.name === BUILD_NAME[p]);
          // `signed` on the page: a signed build sent as it is, for which the player types the PIN.
          if (build !== undefined) builds[p] = { ...build, signed: await sentUnstamped(build) };
        }
        // Chromium sends its platform hint on later requests when asked.
        reply.header('accept-ch', 'Sec-CH-UA-Platform').header('vary', 'Sec-CH-UA-Platform, User-Agent');
        return htmlPage(
          reply,
          pinScanPage({
            pinCode: pin.pinCode,
            community: pin.community,
            game: pin.gameType as Parameters<typeof pinScanPage>[0]['game'],
            platform,
            builds,
            expiresAt: iso(pin.expiresAt).slice(0, 16).replace('T', ' '),
          }),
        );
      },
    );

    // The build stamped with this server and the PIN, streamed (docs/scanner.md, "Stamped downloads").
    app.get(
      '/scan/:pinCode/download/:platform',
      { schema: { hide: true, params: PinDownloadParams }, onRequest: pinLinkLimits },
      async (request, reply) => {
        const { platform } = request.params;
        if (!isScanPlatform(platform) || !PIN_SHAPED.test(request.params.pinCode))
          return sendProblem(reply, problems.routeNotFound(request.method, request.url));
        const sent = await stampedScannerDownload(ctx, request.params.pinCode, platform);
        if (!sent.ok) {
          if (sent.reason === 'pin') return htmlPage(reply, deadScanLinkPage(), 404);
          return htmlPage(reply, unstampedBuildPage(platform, sent.reason === 'no_build'), 404);
        }
        // The path, masked like every PIN path (docs/operations.md, "Logs"), says which PIN.
        request.log.info(
          { platform, stamped: sent.stamped, ...(sent.stamped ? {} : { unstampedBecause: sent.reason }) },
          'scanner sent from a scan link',
        );
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename="${sent.name}"`)
          .header('content-length', String(sent.size))
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(sent.body);
      },
    );

    app.get(
      '/scan/download/:file',
      { schema: { hide: true, params: FileParams }, onRequest },
      async (request, reply) => {
        const download = await findScannerDownload(ctx, request.params.file);
        if (download === null) return sendProblem(reply, problems.routeNotFound(request.method, request.url));
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename="${download.name}"`)
          .header('content-length', String(download.size))
          .header('repr-digest', reprDigest(download.sha256))
          .header('cache-control', 'no-cache')
          .send(createReadStream(download.path));
      },
    );
  };
}
