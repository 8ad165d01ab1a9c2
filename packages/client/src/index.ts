export { type CallOptions, ScanpinClient, type ScanpinClientOptions } from './client.js';
export {
  type DiscordEmbed,
  EMBED_LIMITS,
  escapeMarkdown,
  fitEmbed,
  toDiscordEmbed,
} from './discord-embed.js';
export { ScanpinError, type ScanpinErrorCode } from './errors.js';
export { FINAL_STATES } from './states.js';
export type * from './types.js';
export {
  type PinWebhookEvent,
  type VerifyOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from './verify-webhook.js';
export { pollDelayMs, type WaitOptions } from './wait.js';
