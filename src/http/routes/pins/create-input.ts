import type { Static } from 'typebox';
import type { NewPinInput } from '../../../application/pins/create-pin.js';
import { addressNetwork } from '../../../domain/scan-network.js';
import { problems } from '../../problem.js';
import type { CreatePinBody } from './schemas.js';

/** A create body with its published defaults, as the use case takes it (the API's and the dashboard's). */
export function newPinInputOf(body: Static<typeof CreatePinBody>): NewPinInput {
  const {
    type,
    pinName = null,
    ramDump = false,
    private: isPrivate = false,
    playerDiscordId = null,
    playerAddress = null,
  } = body;
  // Refused before anything is written; the detail names the field, never echoes the value.
  if (playerAddress !== null && addressNetwork(playerAddress) === null)
    throw problems.invalidBody(
      'Invalid request body: playerAddress must be an IPv4 or IPv6 address, such as 203.0.113.7 or 2001:db8::7 (the address your game server or bot sees the player connect from), or null.',
    );
  return {
    type,
    name: pinName,
    ramDump,
    private: isPrivate,
    // Named by the staff (docs/risk-score.md, "Whose scan it is"); its name comes with the first scan.
    player: playerDiscordId === null ? null : { discordId: playerDiscordId, username: null },
    playerAddress,
  };
}
