import type { Static } from 'typebox';
import type { NewPinInput } from '../../../application/pins/create-pin.js';
import type { CreatePinBody } from './schemas.js';

/** A create body with its published defaults, as the use case takes it (the API's and the dashboard's). */
export function newPinInputOf(body: Static<typeof CreatePinBody>): NewPinInput {
  const { type, pinName = null, ramDump = false, private: isPrivate = false, playerDiscordId = null } = body;
  return {
    type,
    name: pinName,
    ramDump,
    private: isPrivate,
    // Named by the staff (docs/risk-score.md, "Whose scan it is"); its name comes with the first scan.
    player: playerDiscordId === null ? null : { discordId: playerDiscordId, username: null },
  };
}
