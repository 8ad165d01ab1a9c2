import { createHash } from 'node:crypto';
import { readPackDocument } from '../../domain/rule-pack-schema.js';
import {
  checkPackUrlShape,
  nextCheckAt,
  RULE_PACK_FETCH_TIMEOUT_MS,
  RULE_PACK_MAX_BYTES,
} from '../../domain/rule-pack-source.js';
import { literalAddressOf } from '../../domain/webhook-url.js';
import { fetchPackDocument } from '../../lib/rule-pack-fetch.js';
import { checkWebhookDestination } from '../../lib/webhook-transport.js';
import type {
  ClaimedSource,
  RulePackSource,
  SourceCheck,
} from '../../storage/repositories/rule-pack-sources.js';
import { auditRefusals, OPERATOR, recordAudit } from '../audit/record.js';
import type { UseCaseContext } from '../context.js';
import { type Failure, refuse, UseCaseFailure } from '../failures.js';
import { importRulePack } from './rule-packs.js';

// The row the use cases answer with, for the routes that present it.
export type { RulePackSource } from '../../storage/repositories/rule-pack-sources.js';

/**
 * Pack URLs the server polls (docs/rules.md, "Subscribing to a pack URL"). The operator subscribes
 * to a URL; every RULE_PACK_POLL_SECONDS one instance fetches it under the webhooks' address rules
 * (https only, never a private address, DNS checked at connect time), asking only for a changed
 * document, and imports a newer signed version through the same import as the operator API: a pack
 * whose key is not trusted or whose signature fails is recorded as the source's error, never
 * imported. Nothing here judges a finished scan again.
 */

/** A check outlasts its fetch's time limit and a large import; a claim of an instance that died runs out. */
const CLAIM_HOLD_MS = 5 * 60_000;
/** Sources checked per poll: each may import, so a poll stays short and the next one takes the rest. */
const POLL_BATCH = 5;

export function listRulePackSources(ctx: UseCaseContext): Promise<RulePackSource[]> {
  return ctx.repos.rulePackSources.list();
}

/**
 * What the audit trail keeps of a URL: its host, unless that is a literal address (an IP address is
 * never recorded, docs/audit.md). Never the path or query, which may carry a token.
 */
function auditedHost(url: URL): Record<string, string> {
  return literalAddressOf(url) === undefined ? { host: url.hostname } : {};
}

/** https only (http with RULE_PACK_ALLOW_HTTP), no credentials, never a private address. */
async function checkedUrl(ctx: UseCaseContext, raw: string): Promise<URL> {
  const shape = checkPackUrlShape(raw, { allowHttp: ctx.config.rulePackAllowHttp });
  if (!shape.ok) refuse({ code: 'invalid_rule_pack_source_url', reason: shape.reason });
  const destination = await checkWebhookDestination(shape.url, {
    allowPrivateNetworks: ctx.config.rulePackAllowPrivateNetworks,
  });
  if (!destination.ok) refuse({ code: 'invalid_rule_pack_source_url', reason: destination.reason });
  return shape.url;
}

/**
 * Subscribes to a pack URL and checks it at once, so the answer already says whether it serves a
 * pack this server trusts. A first check that fails leaves the subscription in place with its error
 * (the next poll tries again). The same URL twice is `rule_pack_source_exists`. Audited.
 */
export async function subscribeRulePackSource(
  ctx: UseCaseContext,
  input: { url: string },
): Promise<RulePackSource> {
  const attempt = {
    actor: OPERATOR,
    action: 'rule_pack_source.subscribe',
    resource: { type: 'rule_pack_source', id: null },
  } as const;
  const id = await auditRefusals(ctx, attempt, async () => {
    const url = await checkedUrl(ctx, input.url);
    return ctx.transaction(async (repos) => {
      const now = ctx.clock();
      const inserted = await repos.rulePackSources.insert(url.toString(), now);
      if (inserted === undefined)
        refuse({
          code: 'rule_pack_source_exists',
          sourceId: (await repos.rulePackSources.findIdByUrl(url.toString())) ?? 0,
        });
      await recordAudit(repos, {
        ...attempt,
        resource: { type: 'rule_pack_source', id: inserted },
        at: now,
        detail: auditedHost(url),
      });
      return inserted;
    });
  });
  return (await checkRulePackSourceNow(ctx, id)) as RulePackSource;
}

/** Unsubscribes: the URL is no longer fetched. The rules its packs brought stay as they are. Audited. */
export async function unsubscribeRulePackSource(ctx: UseCaseContext, sourceId: number): Promise<void> {
  const attempt = {
    actor: OPERATOR,
    action: 'rule_pack_source.unsubscribe',
    resource: { type: 'rule_pack_source', id: sourceId },
  } as const;
  await auditRefusals(ctx, attempt, () =>
    ctx.transaction(async (repos) => {
      const removed = await repos.rulePackSources.delete(sourceId);
      if (removed === undefined) refuse({ code: 'rule_pack_source_not_found', sourceId });
      await recordAudit(repos, { ...attempt, at: ctx.clock(), detail: auditedHost(new URL(removed.url)) });
    }),
  );
}

/**
 * Checks one source now, whenever it is due (after trusting its publisher, say), and answers what
 * it found. When another instance is checking it at this moment, answers the state as it is: that
 * check writes its own result.
 */
export async function checkRulePackSourceNow(ctx: UseCaseContext, sourceId: number): Promise<RulePackSource> {
  const claimed = await ctx.repos.rulePackSources.claim(sourceId, ctx.clock(), CLAIM_HOLD_MS);
  if (claimed !== undefined) await checkClaimed(ctx, claimed);
  const source = await ctx.repos.rulePackSources.find(sourceId);
  if (source === undefined) refuse({ code: 'rule_pack_source_not_found', sourceId });
  return source;
}

/**
 * The background poll: claims the sources that are due and checks them one after another. Several
 * instances share the work through the claims; none fetches a source another holds.
 */
export async function pollDueRulePackSources(ctx: UseCaseContext): Promise<number> {
  const claimed = await ctx.repos.rulePackSources.claimDue(ctx.clock(), POLL_BATCH, CLAIM_HOLD_MS);
  for (const source of claimed) await checkClaimed(ctx, source);
  return claimed.length;
}

/** An import's refusal in words for the operator reading the source's last error. */
function refusalText(failure: Failure): string {
  switch (failure.code) {
    case 'invalid_rule_pack':
      return `the pack cannot be used: ${failure.problem}`;
    case 'untrusted_rule_publisher':
      return `the pack is signed by key ${failure.keyId} (publisher "${failure.publisherName}"), which this server does not trust; nothing was imported. Trust the publisher's key if you mean to (POST /admin/v1/rule-publishers), then check the source again.`;
    case 'invalid_rule_pack_signature':
      return `the signature of pack "${failure.name}" does not verify with the trusted key ${failure.keyId}: the pack was changed after it was signed, or signed with another key; nothing was imported.`;
    case 'rule_pack_version_conflict':
      return `the URL serves version ${failure.version} of pack "${failure.name}", which is not newer than version ${failure.current} held here and holds other rules; nothing was imported (a pack never goes back to an older version).`;
    default:
      return `the import was refused (${failure.code}).`;
  }
}

/** Fetches a claimed source and imports what it serves; true when the result was written. */
async function checkClaimed(ctx: UseCaseContext, source: ClaimedSource): Promise<boolean> {
  const record = (check: Omit<SourceCheck, 'at' | 'nextCheckAt'>) => {
    const at = ctx.clock();
    // Written only under this check's claim: one that outlasted it leaves a newer check's result be.
    return ctx.repos.rulePackSources.recordCheck(source, {
      ...check,
      at,
      nextCheckAt: nextCheckAt(at, ctx.config.rulePackPollSeconds),
    });
  };
  // A failed check forgets the validators, so the next one fetches and judges the whole pack again
  // (its publisher may be trusted by then).
  const failed = (httpStatus: number | null, error: string) =>
    record({
      status: 'failed',
      httpStatus,
      error,
      etag: null,
      lastModified: null,
      bodyDigest: null,
      imported: false,
    });

  // The switches may have been turned off since the URL was subscribed to.
  const shape = checkPackUrlShape(source.url, { allowHttp: ctx.config.rulePackAllowHttp });
  if (!shape.ok) return failed(null, shape.reason);
  const fetched = await fetchPackDocument(source.url, {
    allowPrivateNetworks: ctx.config.rulePackAllowPrivateNetworks,
    timeoutMs: RULE_PACK_FETCH_TIMEOUT_MS,
    maxBytes: RULE_PACK_MAX_BYTES,
    etag: source.etag,
    lastModified: source.lastModified,
  });
  if (fetched.kind === 'failed') return failed(fetched.status, fetched.error);
  const unchanged = {
    status: 'not-modified',
    error: null,
    bodyDigest: source.bodyDigest,
    imported: false,
  } as const;
  if (fetched.kind === 'not-modified')
    return record({
      ...unchanged,
      httpStatus: 304,
      etag: source.etag,
      lastModified: source.lastModified,
    });
  const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
  // A server that ignores conditional requests still costs no import when the bytes are the same.
  const digest = createHash('sha256').update(fetched.body).digest('hex');
  if (digest === source.bodyDigest) return record({ ...unchanged, httpStatus: 200, ...validators });
  const read = readPackDocument(fetched.body);
  if ('problem' in read) return failed(200, read.problem);
  try {
    const { outcome } = await importRulePack(ctx, read.pack, { sourceId: source.id });
    return record({
      status: outcome,
      httpStatus: 200,
      error: null,
      ...validators,
      bodyDigest: digest,
      pack: { keyId: read.pack.publisher.keyId, name: read.pack.name, version: read.pack.version },
      imported: outcome !== 'unchanged',
    });
  } catch (err) {
    if (err instanceof UseCaseFailure) return failed(200, refusalText(err.failure));
    throw err;
  }
}
