import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The independent readers of the event-log tests: Debian's `evtx_dump.py` (package python3-evtx,
 * Willi Ballenthin's python-evtx) and `evtxexport` (package libevtx-utils, libyal's libevtx). Both
 * print XML; this file parses that XML with a small parser of its own (not the scanner's) and takes
 * out the fields the scanner's reader returns, so the two can be compared field by field.
 */

export interface OracleEvent {
  eventId: string;
  qualifiers: string | null;
  provider: string | null;
  providerGuid: string | null;
  eventSourceName: string | null;
  channel: string | null;
  timeCreated: string | null;
  recordId: string;
  dataSource: 'EventData' | 'UserData' | null;
  userDataElement: string | null;
  data: { name: string; value: string }[];
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: (Element | string)[];
}

/** Fails loudly when an oracle is missing: a skipped oracle would hide every disagreement. */
export function requireEvtxOracles(): void {
  for (const [tool, pkg] of [
    ['evtx_dump.py', 'python3-evtx'],
    ['evtxexport', 'libevtx-utils'],
  ]) {
    const probe = spawnSync('sh', ['-c', `command -v ${tool}`]);
    if (probe.status !== 0)
      throw new Error(`${tool} (package ${pkg}) is required for this test: apt-get install ${pkg}`);
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[entity] ?? '';
  });
}

/** The top-level elements of well-formed XML text (declarations, comments and stray text ignored). */
export function parseXml(text: string): Element[] {
  const roots: Element[] = [];
  const stack: Element[] = [];
  const token =
    /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (let m = token.exec(text); m !== null; m = token.exec(text)) {
    const [, close, open, attrs, selfClose, body] = m;
    if (close !== undefined) {
      stack.pop();
    } else if (open !== undefined) {
      const attributes: Record<string, string> = {};
      for (const a of (attrs ?? '').matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g))
        attributes[a[1] as string] = decodeEntities(a[2] as string);
      const element: Element = { name: open, attributes, children: [] };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else roots.push(element);
      if (selfClose !== '/') stack.push(element);
    } else if (body !== undefined && stack.length > 0) {
      stack.at(-1)?.children.push(decodeEntities(body));
    }
  }
  return roots;
}

const elements = (e: Element) => e.children.filter((c): c is Element => typeof c !== 'string');
const child = (e: Element | undefined, name: string) =>
  e === undefined ? undefined : elements(e).find((c) => c.name === name);
const text = (e: Element | undefined): string =>
  e === undefined ? '' : e.children.map((c) => (typeof c === 'string' ? c : text(c))).join('');
const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function eventOf(event: Element): OracleEvent {
  const system = child(event, 'System');
  const provider = child(system, 'Provider');
  const eventId = child(system, 'EventID');
  const eventData = child(event, 'EventData');
  const userData = child(event, 'UserData');
  const inner = userData === undefined ? undefined : elements(userData)[0];
  return {
    eventId: text(eventId).trim(),
    qualifiers: orNull(eventId?.attributes.Qualifiers),
    provider: orNull(provider?.attributes.Name),
    providerGuid: orNull(provider?.attributes.Guid),
    eventSourceName: orNull(provider?.attributes.EventSourceName),
    channel: orNull(text(child(system, 'Channel'))),
    timeCreated: orNull(child(system, 'TimeCreated')?.attributes.SystemTime),
    recordId: text(child(system, 'EventRecordID')).trim(),
    dataSource: eventData ? 'EventData' : userData ? 'UserData' : null,
    userDataElement: inner?.name ?? null,
    data: eventData
      ? elements(eventData).map((d) => ({
          name: d.name === 'Data' ? (d.attributes.Name ?? '') : d.name,
          value: text(d),
        }))
      : inner
        ? elements(inner).map((d) => ({ name: d.name, value: text(d) }))
        : [],
  };
}

function withFile<T>(bytes: Uint8Array, run: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'evtx-oracle-'));
  try {
    const path = join(dir, 'fixture.evtx');
    writeFileSync(path, bytes);
    return run(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function events(xml: string): OracleEvent[] {
  const roots = parseXml(xml);
  const all = roots.flatMap((r) =>
    r.name === 'Event' ? [r] : elements(r).filter((e) => e.name === 'Event'),
  );
  return all.map(eventOf);
}

/** python-evtx's reading of the file (its XML, every record). */
export function evtxDumpPy(bytes: Uint8Array): OracleEvent[] {
  return withFile(bytes, (path) =>
    events(execFileSync('evtx_dump.py', [path], { encoding: 'utf8', maxBuffer: 1 << 28 })),
  );
}

/** libevtx's reading of the file (`evtxexport -f xml`, every record). */
export function evtxexport(bytes: Uint8Array): OracleEvent[] {
  return withFile(bytes, (path) => {
    const out = spawnSync('evtxexport', ['-f', 'xml', path], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (out.status !== 0) throw new Error(`evtxexport failed: ${out.stderr}`);
    return events(out.stdout.replace(/^evtxexport \S+\n/, ''));
  });
}
