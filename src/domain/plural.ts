/**
 * "1 minute", "2 minutes", "1 entry", "3 entries": a count with its noun, for every text the server
 * and the CLI write, so that none says "1 minutes". `many` is needed only where adding an s is wrong.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
