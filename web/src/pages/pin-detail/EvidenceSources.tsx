import { type ReactNode, useContext, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Table, Time } from '../../components';
import { Amcache } from './Amcache';
import { ClickMacros } from './ClickMacros';
import { EventLogs } from './EventLogs';
import { CollapsibleList, PAGE } from './EvidenceList';
import type { ClassNameCut, Finding, EvidenceSources as Sources } from './evidence-api';
import { EvidencePagesContext } from './evidence-pages';
import { count, formatBytes, itemId, SOURCE_TITLES, STATUS } from './evidence-words';
import { JavaClasses } from './JavaClasses';
import { LoadedModules } from './LoadedModules';
import { ProgramTimelines } from './ProgramTimelines';
import { RunningPrograms } from './RunningPrograms';
import { UsnJournal } from './UsnJournal';
import { ShimCache, WindowsServices } from './WindowsServices';

/** The values rules matched, by evidence item id, so the lists can highlight them. */
export type Matched = ReadonlyMap<string, ReadonlySet<string>>;

/** One source's heading, with whether it was collected, skipped or failed, and why. */
function Source({
  name,
  section,
  children,
}: {
  name: keyof Sources;
  section: { status: keyof typeof STATUS; reason: string | null };
  children: ReactNode;
}) {
  const [label, tone] = STATUS[section.status];
  const headingId = `evidence-source-${name}`;
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h3 id={headingId} className="row">
        {SOURCE_TITLES[name]} <Badge tone={tone}>{label}</Badge>
      </h3>
      {section.reason ? <p className="muted">{section.reason}</p> : null}
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Hash = ({ value }: { value: string | null }) =>
  value === null ? <span className="muted">—</span> : <code className="small wrap-anywhere">{value}</code>;

function Processes({ section }: { section: Sources['processes'] }) {
  return (
    <>
      <GameProcesses section={section} />
      {section.others !== undefined ? <RunningPrograms others={section.others} /> : null}
    </>
  );
}

function GameProcesses({ section }: { section: Sources['processes'] }) {
  if (section.items.length === 0) return <p className="muted">No game process was running.</p>;
  return (
    <Table caption="Game processes" captionHidden>
      <thead>
        <tr>
          <th scope="col">Process</th>
          <th scope="col">Program and SHA-256</th>
          <th scope="col">Started</th>
          <th scope="col">Command line (secrets redacted by the scanner)</th>
        </tr>
      </thead>
      <tbody>
        {section.items.map((p, i) => (
          // The id is the item's place in the document, which findings point at.
          <tr key={itemId('processes', i)} id={itemId('processes', i)} tabIndex={-1}>
            <td>
              {p.name} <span className="muted">(pid {p.pid})</span>
            </td>
            <td className="wrap-anywhere">
              <div className="mono small">{p.path ?? '—'}</div>
              <Hash value={p.sha256} />
            </td>
            <td>
              <Time value={p.startedAt} />
            </td>
            <td>
              <code className="small wrap-anywhere">{p.commandLine}</code>
              {p.injections.length > 0 ? (
                <div>
                  <strong>Injection arguments:</strong>{' '}
                  <code className="small wrap-anywhere">{p.injections.join(' ')}</code>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * What a memory item's cut left out, as the server concluded it (the results say the same): the
 * scanner's own count of names left out is its word, which the server checks against what it sent.
 */
function classNameCutText(cut: ClassNameCut | undefined): string {
  if (cut === undefined) return 'A cap was reached: some class names or texts were left out.';
  const sent = `${count(cut.sent)} of ${count(cut.total)} class names were sent: those holding a hint word first, then those outside the Java runtime's, Minecraft's and its usual libraries' packages.`;
  return cut.onlyFamiliarLeftOut
    ? `${sent} Every name outside those packages was sent; only names under them were left out.`
    : `${sent} Names outside those packages may be among those left out, so the scan's assurance was lowered.`;
}

function Memory({ section, matched }: { section: Sources['memory']; matched: Matched }) {
  const pages = useContext(EvidencePagesContext);
  const cut = pages?.cut ?? {};
  const cuts = pages?.classNameCuts ?? [];
  if (section.items.length === 0) return <p className="muted">No game process memory was read.</p>;
  return (
    <ul className="plain-list stack">
      {section.items.map((m, i) => {
        const id = itemId('memory', i);
        return (
          <li key={id} id={id} tabIndex={-1} className="stack">
            <h4>
              {m.process} <span className="muted">(pid {m.pid})</span>{' '}
              {m.readable ? <Badge tone="success">Read</Badge> : <Badge tone="warning">Not readable</Badge>}
            </h4>
            {m.reason ? <p>{m.reason}</p> : null}
            <dl className="facts">
              <Fact label="Memory read">{formatBytes(m.bytesScanned)}</Fact>
              <Fact label="Regions">{count(m.regions)}</Fact>
              <Fact label="Class names">
                {count(cut[`sources.memory.items.${i}.classNames`] ?? m.classNames.length)}
              </Fact>
              <Fact label="Strings with a hint">
                {count(cut[`sources.memory.items.${i}.strings`] ?? m.strings.length)}
              </Fact>
            </dl>
            {m.truncated ? <p className="muted">{classNameCutText(cuts.find((c) => c.item === i))}</p> : null}
            <CollapsibleList
              title="Class names"
              items={m.classNames}
              path={`sources.memory.items.${i}.classNames`}
              {...(matched.has(id) ? { marked: matched.get(id) } : {})}
            />
            <CollapsibleList
              title="Strings with a hint"
              items={m.strings}
              path={`sources.memory.items.${i}.strings`}
              {...(matched.has(id) ? { marked: matched.get(id) } : {})}
            />
          </li>
        );
      })}
    </ul>
  );
}

function Files({
  section,
  matched,
  reveal,
}: {
  section: Sources['files'];
  matched: Matched;
  reveal: number;
}) {
  // A finding may point past the first page: draw at least up to the item it points at.
  const [shown, setShown] = useState(PAGE);
  const limit = Math.max(shown, reveal + 1);
  return (
    <>
      {section.installations.length > 0 ? (
        <p>
          Searched:{' '}
          {section.installations.map((dir, i) => (
            <span key={dir}>
              {i > 0 ? ', ' : ''}
              <code>{dir}</code>
            </span>
          ))}
        </p>
      ) : null}
      {section.items.length === 0 ? (
        <p className="muted">No jar or archive was found.</p>
      ) : (
        <ul className="plain-list stack">
          {section.items.slice(0, limit).map((f, i) => {
            const id = itemId('files', i);
            return (
              <li key={id} id={id} tabIndex={-1} className="stack">
                <h4 className="mono wrap-anywhere">{f.path}</h4>
                <dl className="facts">
                  <Fact label="Kind">{f.kind === 'zip' ? 'zip archive (renamed)' : f.kind}</Fact>
                  <Fact label="Size">{formatBytes(f.size)}</Fact>
                  <Fact label="Modified">
                    <Time value={f.modifiedAt} />
                  </Fact>
                  <Fact label="Created">
                    <Time value={f.createdAt} />
                  </Fact>
                  <Fact label="SHA-256">
                    <Hash value={f.sha256} />
                  </Fact>
                </dl>
                {f.kind === 'file' && f.entries.length === 0 ? null : (
                  <CollapsibleList
                    title="Entries"
                    items={f.entries}
                    path={`sources.files.items.${i}.entries`}
                    total={f.entriesTotal}
                    {...(matched.has(id) ? { marked: matched.get(id) } : {})}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {section.items.length > limit ? (
        <p className="row">
          <span className="muted small">
            Showing {count(limit)} of {count(section.items.length)} files.
          </span>
          <Button className="btn-small" onClick={() => setShown(limit + PAGE)}>
            Show more files
          </Button>
        </p>
      ) : null}
    </>
  );
}

function Logs({ section }: { section: Sources['logs'] }) {
  if (section.items.length === 0) return <p className="muted">No log line contained a hint.</p>;
  return (
    <ul className="plain-list stack">
      {section.items.map((log, i) => (
        <li key={log.path}>
          <div className="mono small wrap-anywhere">{log.path}</div>
          <CollapsibleList title="Matching lines" items={log.lines} path={`sources.logs.items.${i}.lines`} />
        </li>
      ))}
    </ul>
  );
}

/** As the results list them (Results.tsx): an erased account has no player page. */
function Discord({ section }: { section: Sources['discord'] }) {
  if (section.accounts.length === 0) return <p className="muted">No Discord account was found.</p>;
  return (
    <ul className="findings">
      {section.accounts.map((a, i) => (
        // An erased id repeats; the position keeps keys unique.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
        <li key={i}>
          {a.id === 'erased' ? (
            <span className="muted">Erased account</span>
          ) : (
            <>
              <Link to={`/players/${a.id}`}>{a.username}</Link> <span className="muted mono">{a.id}</span>
            </>
          )}{' '}
          <span className="muted">· {a.client}</span>
        </li>
      ))}
    </ul>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Network({ section }: { section: Sources['network'] }) {
  if (section.adapters.length === 0) return <p className="muted">No network adapter was listed.</p>;
  return (
    <Table caption="Network adapters" captionHidden>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Kind</th>
          <th scope="col">Up</th>
          <th scope="col">Has an address</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {section.adapters.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: adapters may share a name; the list never reorders.
          <tr key={i}>
            <td className="mono">{a.name}</td>
            <td>
              {a.kind === 'vpn' || a.kind === 'tunnel' ? <Badge tone="warning">{a.kind}</Badge> : a.kind}
            </td>
            <td>{yesNo(a.up)}</td>
            <td>{yesNo(a.hasAddress)}</td>
            <td className="wrap-anywhere">{a.description ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function System({ section }: { section: Sources['system'] }) {
  return (
    <dl className="facts">
      <Fact label="Operating system">{section.os ?? '—'}</Fact>
      <Fact label="Started">
        <Time value={section.bootedAt} />
      </Fact>
      <Fact label="Logged on">
        <Time value={section.logonAt} />
      </Fact>
      <Fact label="Clock of the computer">
        <Time value={section.clientTime} />
      </Fact>
      <Fact label="Virtual machine signs">
        {section.virtualMachine.length === 0 ? 'None' : section.virtualMachine.join(', ')}
      </Fact>
    </dl>
  );
}

/** Every source of the evidence document, in the document's order. */
export function EvidenceSources({
  sources,
  matched,
  findings,
  revealFile,
  revealProgram,
}: {
  sources: Sources;
  matched: Matched;
  /** Every finding: each program's timeline lists those about it. */
  findings: readonly Finding[];
  /** The file a finding was opened at (-1: none), drawn even past the first page. */
  revealFile: number;
  /** The program a finding was opened at (-1: none). */
  revealProgram: number;
}) {
  return (
    <>
      <Source name="processes" section={sources.processes}>
        <Processes section={sources.processes} />
      </Source>
      <Source name="memory" section={sources.memory}>
        <Memory section={sources.memory} matched={matched} />
      </Source>
      {sources.modules ? (
        <Source name="modules" section={sources.modules}>
          <LoadedModules section={sources.modules} />
        </Source>
      ) : null}
      <Source name="files" section={sources.files}>
        <Files section={sources.files} matched={matched} reveal={revealFile} />
      </Source>
      <Source name="logs" section={sources.logs}>
        <Logs section={sources.logs} />
      </Source>
      <Source name="discord" section={sources.discord}>
        <Discord section={sources.discord} />
      </Source>
      <Source name="network" section={sources.network}>
        <Network section={sources.network} />
      </Source>
      <Source name="system" section={sources.system}>
        <System section={sources.system} />
      </Source>
      {sources.jvm ? (
        <Source name="jvm" section={sources.jvm}>
          <JavaClasses section={sources.jvm} />
        </Source>
      ) : null}
      {sources.macros ? (
        <Source name="macros" section={sources.macros}>
          <ClickMacros section={sources.macros} />
        </Source>
      ) : null}
      {sources.usnJournal ? (
        <Source name="usnJournal" section={sources.usnJournal}>
          <UsnJournal section={sources.usnJournal} />
        </Source>
      ) : null}
      {sources.services ? (
        <Source name="services" section={sources.services}>
          <WindowsServices section={sources.services} />
        </Source>
      ) : null}
      {sources.shimcache ? (
        <Source name="shimcache" section={sources.shimcache}>
          <ShimCache section={sources.shimcache} />
        </Source>
      ) : null}
      {sources.amcache ? (
        <Source name="amcache" section={sources.amcache}>
          <Amcache
            section={sources.amcache}
            matchedIndexes={[...matched.keys()].flatMap((id) =>
              id.startsWith('evidence-amcache-') ? [Number(id.slice('evidence-amcache-'.length))] : [],
            )}
          />
        </Source>
      ) : null}
      {sources.eventLogs ? (
        <Source name="eventLogs" section={sources.eventLogs}>
          <EventLogs section={sources.eventLogs} />
        </Source>
      ) : null}
      {sources.programs ? (
        <Source name="programs" section={sources.programs}>
          <ProgramTimelines items={sources.programs.items} findings={findings} reveal={revealProgram} />
        </Source>
      ) : null}
    </>
  );
}
