import type { RelatedAccount } from './api';

export interface Point {
  x: number;
  y: number;
}

export interface HardwareLayout {
  size: number;
  centre: Point;
  hardware: Array<Point & { id: number }>;
  accounts: Array<Point & { account: RelatedAccount }>;
  edges: Array<{ key: string; from: Point; to: Point }>;
  /** Related accounts left out of the picture to keep it readable (the list has them all). */
  hidden: number;
}

/** The picture stays readable up to this many accounts; the text list always has every one. */
export const MAX_PICTURED = 12;

function onCircle(centre: Point, radius: number, index: number, count: number, turn = 0): Point {
  const angle = (2 * Math.PI * (index + turn)) / Math.max(count, 1) - Math.PI / 2;
  return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
}

/**
 * Where to draw the shared-hardware picture: the player in the middle, the hardware they share on an
 * inner ring, the related accounts on an outer ring, ordered by their first shared hardware so lines
 * cross as little as a ring allows. Pure, so the picture is the same on every render.
 */
export function layoutHardware(related: readonly RelatedAccount[], size = 320): HardwareLayout {
  const centre = { x: size / 2, y: size / 2 };
  const shown = [...related]
    .sort((a, b) => Math.min(...a.sharedHwidIds) - Math.min(...b.sharedHwidIds))
    .slice(0, MAX_PICTURED);
  const ids = [...new Set(shown.flatMap((a) => a.sharedHwidIds))].sort((a, b) => a - b);
  const hardware = ids.map((id, i) => ({ id, ...onCircle(centre, size * 0.2, i, ids.length) }));
  const byId = new Map(hardware.map((h) => [h.id, h]));
  const turn = shown.length === ids.length ? 0 : 0.5;
  const accounts = shown.map((account, i) => ({
    account,
    ...onCircle(centre, size * 0.38, i, shown.length, turn),
  }));
  const edges = [
    ...hardware.map((h) => ({ key: `player-${h.id}`, from: centre, to: { x: h.x, y: h.y } })),
    ...accounts.flatMap((a) =>
      a.account.sharedHwidIds.flatMap((id) => {
        const h = byId.get(id);
        return h
          ? [{ key: `${id}-${a.account.discordId}`, from: { x: h.x, y: h.y }, to: { x: a.x, y: a.y } }]
          : [];
      }),
    ),
  ];
  return { size, centre, hardware, accounts, edges, hidden: related.length - shown.length };
}

/** A label short enough for the picture; the full name is in the list beside it. */
export function shortName(name: string, max = 14): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}
