import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { type ClassNameCut, fetchEvidenceList } from './evidence-api';

/**
 * The evidence answer cuts every long list to a first page (docs/dashboard.md, "Evidence"); these
 * read the rest from `/app/api/pins/:code/evidence/list` when someone asks for it.
 */
export interface EvidencePages {
  code: string;
  /** Lists answered only in part, by path, with their full length. */
  cut: Readonly<Record<string, number>>;
  /** The memory items' class names cut, with the server's conclusion of each. */
  classNameCuts?: readonly ClassNameCut[];
}

export const EvidencePagesContext = createContext<EvidencePages | null>(null);

/** A list of strings as loaded so far, its full length, and a way to load the next page. */
export function useListPages(path: string | undefined, first: readonly string[]) {
  const pages = useContext(EvidencePagesContext);
  const [more, setMore] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const items = more.length === 0 ? first : [...first, ...more];
  const total = path === undefined ? first.length : (pages?.cut[path] ?? first.length);
  // One request at a time, from where the loaded items end.
  const busy = useRef(false);
  const loadedCount = useRef(first.length);
  loadedCount.current = items.length;
  const loadMore = useCallback(async () => {
    if (pages === null || path === undefined || busy.current || loadedCount.current >= total) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchEvidenceList<string>(pages.code, path, loadedCount.current);
      setMore((loaded) => [...loaded, ...page.items]);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [pages, path, total]);
  return { items, total, loadMore, loading, failed };
}

/**
 * Each cut list of whole items (`sources.files.items`), read to its end and put into the document;
 * the lists inside the new items stay cut, and `cut` says so.
 */
export async function loadCutLists<D extends { sources: object }>(
  code: string,
  document: D,
  cut: Readonly<Record<string, number>>,
): Promise<{ document: D; cut: Record<string, number> }> {
  const next = structuredClone(document);
  const nextCut: Record<string, number> = { ...cut };
  for (const path of Object.keys(cut)) {
    const [root, source, list, ...rest] = path.split('.');
    if (root !== 'sources' || source === undefined || list === undefined || rest.length > 0) continue;
    const section = (next.sources as Record<string, Record<string, unknown[]> | undefined>)[source];
    const items = section?.[list];
    if (!section || !Array.isArray(items)) continue;
    while (items.length < (cut[path] ?? 0)) {
      const page = await fetchEvidenceList<unknown>(code, path, items.length);
      if (page.items.length === 0) break;
      items.push(...page.items);
      Object.assign(nextCut, page.cut);
    }
    delete nextCut[path];
  }
  return { document: next, cut: nextCut };
}
