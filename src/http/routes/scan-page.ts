import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { UseCaseContext } from '../../application/context.js';
import { findScannerDownload, listScannerDownloads } from '../../application/scans/scanner-downloads.js';
import { publicBaseUrl } from '../../config.js';
import { scanPage } from '../pages/scan-page.js';
import { SERVER_PAGE_STYLE_SOURCE } from '../pages/server-page.js';
import { limitByClientAddress } from '../plugins/client-address-limit.js';
import { sendProblem } from '../plugins/errors.js';
import { problems } from '../problem.js';

/** The page loads nothing, not even a stylesheet: only its own inline style may apply. */
export const SCAN_PAGE_CSP = `default-src 'none'; style-src ${SERVER_PAGE_STYLE_SOURCE}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

// Any text: a name the folder does not offer is answered 404 below, like a path with no route.
const FileParams = Type.Object({ file: Type.String() });

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
        .header('content-security-policy', SCAN_PAGE_CSP)
        .header('cache-control', 'no-cache')
        .send(
          scanPage({
            serverUrl: publicBaseUrl(ctx.config),
            downloads,
            retentionDays: ctx.config.reportRetentionDays,
          }),
        );
    });

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
