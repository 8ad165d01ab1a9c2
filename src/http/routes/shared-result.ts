import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../application/context.js';
import { readSharedResult } from '../../application/dashboard/share-links.js';
import { UseCaseFailure } from '../../application/failures.js';
import type { SharedResult } from '../../domain/share-link.js';
import { iso } from '../../domain/time.js';
import { escapeHtml, SERVER_PAGE_STYLE_SOURCE, serverPage } from '../pages/server-page.js';
import { limitByClientAddress } from '../plugins/client-address-limit.js';

const TokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) });

function list(title: string, items: readonly string[]): string {
  if (items.length === 0) return `<h2>${title}</h2><p class="muted">None.</p>`;
  return `<h2>${title} (${items.length})</h2><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

const ROBOTS = 'noindex, nofollow';

/**
 * The verdict badges' colours, repeated for the assurance level; the words carry the meaning. A low
 * level is no finding against the player, so it never wears the cheating red.
 */
const LEVEL_CLASS = { high: 'legit', medium: 'suspicious', low: 'suspicious' } as const;

/** How far the result can be trusted (docs/scan-client.md, "Trust"), and why not more. */
function assurancePart(assurance: SharedResult['assurance']): string {
  if (assurance === null) return '<p class="muted">This scan finished before its assurance was recorded.</p>';
  const level = assurance.level;
  const words = `${level[0]?.toUpperCase()}${level.slice(1)} assurance`;
  const badge = `<p><span class="badge ${LEVEL_CLASS[level]}">${words}</span></p>`;
  return assurance.reasons.length === 0
    ? badge
    : `${badge}${list(`Why the assurance is ${level}`, assurance.reasons)}`;
}

function resultPage(r: SharedResult): string {
  const fact = (label: string, value: string | null) =>
    `<dt>${label}</dt><dd>${value === null ? 'Unknown' : escapeHtml(value)}</dd>`;
  return serverPage({
    title: `scanpin scan result: ${r.verdict}`,
    robots: ROBOTS,
    body: `<h1>Scan result: <span class="badge ${escapeHtml(r.verdict)}">${escapeHtml(r.verdict)}</span></h1>
${assurancePart(r.assurance)}
<dl>${fact('Game', r.game)}${fact('Scanned', iso(r.scannedAt))}${fact('VPN', r.vpn)}${fact('Country', r.country)}${fact('System', r.windows)}${fact('Scan time', r.scantime)}</dl>
${list('Detections', r.detections)}${list('Suspicious', r.suspicious)}${list('Warnings', r.warnings)}${list('Untrusted', r.untrusted)}${list('Integrity', r.integrity)}${list('Custom suspicious', r.customSuspicious)}
<footer>Shared from scanpin. This page shows no account names, hardware IDs or addresses.</footer>`,
  });
}

/**
 * The public page behind a share link (docs/dashboard.md, "Sharing"): no sign-in, not indexed, and
 * nothing on it that identifies the player or the community that scanned them.
 */
export function sharedResultRoutes(ctx: UseCaseContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Signed out, so counted per client address: share-link tokens cannot be guessed.
    const onRequest = limitByClientAddress(ctx);
    app.get(
      '/share/:token',
      { schema: { hide: true, params: TokenParams }, onRequest },
      async (request, reply) => {
        reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            `default-src 'none'; style-src ${SERVER_PAGE_STYLE_SOURCE}; frame-ancestors 'none'`,
          )
          .header('x-robots-tag', 'noindex, nofollow')
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'no-store');
        try {
          return resultPage(await readSharedResult(ctx, request.params.token));
        } catch (error) {
          if (!(error instanceof UseCaseFailure)) throw error;
          return reply.code(404).send(
            serverPage({
              title: 'Link not available',
              robots: ROBOTS,
              body: '<h1>This link has expired or was withdrawn.</h1><p class="muted">Ask whoever sent it for a new one.</p>',
            }),
          );
        }
      },
    );
  };
}
