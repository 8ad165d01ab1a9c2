import type { EvidenceDocument } from './evidence.js';
import { type ClassNameCut, classNameCuts } from './evidence-coverage.js';

/**
 * The evidence view pages (docs/dashboard.md, "Evidence"): a stored document can hold 16 MiB (5,000
 * files of 20,000 entries each, 50,000 class names), far more than a page should carry or a browser
 * draw. So the document is answered with every list cut to its first page, and each list can then be
 * read page by page. Pure: a document and a request in, the page out.
 */

/** A list's first page in the whole-document answer: items, and serialized characters. */
export const FIRST_PAGE_ITEMS = 200;
export const FIRST_PAGE_CHARS = 256 * 1024;
/** Lists inside an item of a page (a jar's entries inside the files list) show this many at first. */
export const NESTED_FIRST_ITEMS = 50;
/** A page of one list: at most this many items and characters. */
export const PAGE_MAX_ITEMS = 1000;
export const PAGE_MAX_CHARS = 1024 * 1024;

/** A list in the document: keys and indexes from the root, as `sources.files.items.3.entries`. */
export type ListPath = ReadonlyArray<string | number>;

export interface EvidenceViewRequest {
  /** null: the whole document, every list cut to its first page. */
  list: ListPath | null;
  offset: number;
  limit: number;
}

export type EvidenceView =
  | {
      kind: 'document';
      document: unknown;
      /** Every list that was cut, by its path, with how many items it has in all. */
      cut: Record<string, number>;
      /** The memory items' class names cut, read from the whole document before it was paged. */
      classNameCuts: ClassNameCut[];
    }
  | {
      kind: 'list';
      path: string;
      total: number;
      offset: number;
      items: unknown[];
      cut: Record<string, number>;
    }
  | { kind: 'not-a-list'; path: string };

export const pathText = (path: ListPath): string => path.join('.');

/** A list's path as text: names and indexes joined by dots, ten at most. */
export const LIST_PATH_PATTERN = '^[A-Za-z0-9]+(\\.[A-Za-z0-9]+){0,9}$';

/** "sources.files.items.3.entries" → its parts; numbers where the text is an index. */
export function parseListPath(text: string): ListPath | null {
  if (!new RegExp(LIST_PATH_PATTERN).test(text)) return null;
  return text.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** `value` with each list inside it cut to `first` items; the cut ones recorded under their path. */
function cutLists(
  value: unknown,
  path: Array<string | number>,
  first: number,
  cut: Record<string, number>,
): unknown {
  if (Array.isArray(value)) {
    if (value.length > first) cut[pathText(path)] = value.length;
    return value.slice(0, first).map((item, i) => cutLists(item, [...path, i], first, cut));
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = cutLists(child, [...path, key], first, cut);
  return out;
}

/** Items of one list from `offset`, within `maxItems` and `maxChars` (one item at least, if any is left). */
function pageOf(
  list: readonly unknown[],
  path: ListPath,
  offset: number,
  maxItems: number,
  maxChars: number,
  cut: Record<string, number>,
): unknown[] {
  const items: unknown[] = [];
  let chars = 0;
  for (let i = offset; i < list.length && items.length < maxItems; i++) {
    const itemCut: Record<string, number> = {};
    const item = cutLists(list[i], [...path, i], NESTED_FIRST_ITEMS, itemCut);
    chars += JSON.stringify(item)?.length ?? 4;
    if (items.length > 0 && chars > maxChars) break;
    items.push(item);
    Object.assign(cut, itemCut);
  }
  if (offset + items.length < list.length) cut[pathText(path)] = list.length;
  return items;
}

/** Every list of `value` cut to a first page that fits, items past it counted in `cut`. */
function firstPages(value: unknown, path: Array<string | number>, cut: Record<string, number>): unknown {
  if (Array.isArray(value)) return pageOf(value, path, 0, FIRST_PAGE_ITEMS, FIRST_PAGE_CHARS, cut);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = firstPages(child, [...path, key], cut);
  return out;
}

export function evidenceView(document: EvidenceDocument, request: EvidenceViewRequest): EvidenceView {
  if (request.list === null) {
    const cut: Record<string, number> = {};
    return {
      kind: 'document',
      document: firstPages(document, [], cut),
      cut,
      classNameCuts: classNameCuts(document),
    };
  }
  let node: unknown = document;
  for (const key of request.list) {
    node =
      typeof node === 'object' && node !== null && Object.hasOwn(node, key)
        ? (node as Record<string | number, unknown>)[key]
        : undefined;
  }
  const path = pathText(request.list);
  if (!Array.isArray(node)) return { kind: 'not-a-list', path };
  const cut: Record<string, number> = {};
  const limit = Math.min(request.limit, PAGE_MAX_ITEMS);
  const items = pageOf(node, request.list, request.offset, limit, PAGE_MAX_CHARS, cut);
  delete cut[path];
  return { kind: 'list', path, total: node.length, offset: request.offset, items, cut };
}
