import type { ValidationMapper } from '../../plugins/errors.js';
import { problems } from '../../problem.js';

/** A malformed :discordId is 400 invalid_discord_id (docs/api.md, "Errors") rather than a generic parameter error. */
export const discordIdValidation: ValidationMapper = (part) =>
  part === 'params' ? problems.invalidDiscordId() : undefined;
