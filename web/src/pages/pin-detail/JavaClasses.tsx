import { Badge, Table } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { count, itemId } from './evidence-words';

type JvmSection = NonNullable<EvidenceSources['jvm']>;
type JvmProcess = JvmSection['items'][number];

/*
 * The Java game processes (docs/scan-client.md, "Classes injected into the Java game" and "Java
 * agents and attach traces"): the packages of classes loaded in the game that no runtime, game or mod
 * file holds, lone unknown classes (shown, not a finding), the agents and the attach traces. An empty
 * list proves only that no added class was loaded: a client that patches the game's own classes, or
 * was unloaded before the scan, is not seen here.
 */

function Traces({ p }: { p: JvmProcess }) {
  const traces: string[] = [];
  if (p.attachListener === true)
    traces.push('attach listener running: a tool attached since the game started');
  for (const f of p.attachRequestFiles) traces.push(`attach request left: ${f}`);
  if (traces.length === 0)
    return (
      <p className="muted small">
        No attach trace{p.perfData === true ? ' (it publishes hsperfdata, as every JVM does)' : ''}.
      </p>
    );
  return (
    <ul className="plain-list">
      {traces.map((t) => (
        <li key={t}>
          <Badge tone="warning">attached</Badge> {t}
        </li>
      ))}
    </ul>
  );
}

function JavaProcess({ p, index }: { p: JvmProcess; index: number }) {
  return (
    <div className="stack" id={itemId('jvm', index)} tabIndex={-1}>
      <h4>
        {p.process} (pid {p.pid}){' '}
        {p.readable ? (
          <Badge tone={p.unknownPackages.length > 0 ? 'warning' : 'success'}>
            {p.unknownPackages.length > 0 ? 'Classes from no file' : 'Every loaded class is in a known file'}
          </Badge>
        ) : (
          <Badge tone="neutral">Not read</Badge>
        )}
      </h4>
      {p.reason !== null ? <p className="muted">{p.reason}</p> : null}
      {p.readable ? (
        <p className="small">
          {count(p.knownClasses)} known classes from {count(p.filesRead)} file(s)
          {p.runtime !== null ? (
            <>
              {' '}
              (runtime <span className="mono wrap-anywhere">{p.runtime}</span>)
            </>
          ) : null}
          ; {count(p.classSymbols)} class names in memory, {count(p.referencedOnly)} unknown ones only
          referred to (never loaded){p.truncated ? '; a cap was reached' : ''}.
        </p>
      ) : null}
      {p.unknownPackages.length > 0 ? (
        <Table caption={`Packages loaded from no file in ${p.process} (pid ${p.pid})`} captionHidden>
          <thead>
            <tr>
              <th scope="col">Package</th>
              <th scope="col">Classes</th>
            </tr>
          </thead>
          <tbody>
            {p.unknownPackages.map((pkg) => (
              <tr key={pkg.name}>
                <td className="mono wrap-anywhere">{pkg.name || '(no package)'}</td>
                <td className="mono small wrap-anywhere">
                  {pkg.classes.join(', ')}
                  {pkg.count > pkg.classes.length ? ` and ${count(pkg.count - pkg.classes.length)} more` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {p.unknownSingles.length > 0 ? (
        <p className="small">
          Alone in their package, not a finding:{' '}
          <span className="mono wrap-anywhere">{p.unknownSingles.join(', ')}</span>
        </p>
      ) : null}
      {p.agents.length > 0 ? (
        <ul className="plain-list">
          {p.agents.map((a) => (
            <li key={`${a.kind}:${a.target}:${a.from}`}>
              <Badge tone="warning">
                {a.kind === 'agentlib' && a.target === 'jdwp' ? 'debugger' : 'agent'}
              </Badge>{' '}
              <span className="mono wrap-anywhere">
                -{a.kind}:{a.target}
              </span>{' '}
              <span className="muted">({a.from})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No agent on the command line or in the launcher's variables.</p>
      )}
      <Traces p={p} />
      {p.unreadableFiles.length > 0 ? (
        <p className="small">
          Not read (their classes count as unknown):{' '}
          {p.unreadableFiles.map((u) => `${u.path} (${u.reason})`).join('; ')}
        </p>
      ) : null}
    </div>
  );
}

export function JavaClasses({ section }: { section: JvmSection }) {
  if (section.items.length === 0) return <p className="muted">No Java game process was read.</p>;
  return (
    <>
      {section.items.map((p, i) => (
        <JavaProcess key={p.pid} p={p} index={i} />
      ))}
    </>
  );
}
