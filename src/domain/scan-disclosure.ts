import { COLLECTED, type Disclosed, type DisclosedSource, disclosureFor } from '@scanpin/scanner';
import { GAME_TYPES, type GameType } from './game-types.js';
import { scanPlanFor } from './scan-plan.js';

/**
 * The scanner's disclosure for a PIN's game (docs/scan-client.md, "What is collected"): the one list
 * (packages/scanner/src/disclosure.ts), narrowed to the player's platform and to the sources this
 * server's plan for the game asks for, exactly as the scanner's consent prompt shows it.
 */
export function disclosureForGame(platform: string, game: GameType): readonly Disclosed[] {
  return disclosureFor(platform, scanPlanFor(game));
}

/** The games whose plan asks for a source, in GAME_TYPES order; every game for the hardware IDs. */
export function gamesAsking(source: DisclosedSource): readonly GameType[] {
  return GAME_TYPES.filter((game) => source === 'hardware' || scanPlanFor(game).sources.includes(source));
}

/**
 * Each item of the whole list with the games it is read for, when that is not every game: the
 * `/scan` page and the docs say "Only for a … scan" after such an item.
 */
export function disclosureByGame(): readonly { item: Disclosed; onlyFor: readonly GameType[] | null }[] {
  return COLLECTED.map((item) => {
    const games = gamesAsking(item.source);
    return { item, onlyFor: games.length === GAME_TYPES.length ? null : games };
  });
}

/** The note after an item read only for some games, as the `/scan` page and the docs print it. */
export function onlyForNote(games: readonly GameType[]): string {
  return games.length === 1 ? `Only for a ${games[0]} scan.` : `Only for ${games.join(', ')} scans.`;
}
