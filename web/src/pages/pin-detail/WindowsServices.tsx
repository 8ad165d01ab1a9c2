import { useContext } from 'react';
import { Badge, Table, Time } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { EvidencePagesContext } from './evidence-pages';
import { count, itemId } from './evidence-words';

type ServicesSection = NonNullable<EvidenceSources['services']>;
type Service = ServicesSection['items'][number];
type ShimCacheSection = NonNullable<EvidenceSources['shimcache']>;

/*
 * The Windows services the evidence depends on, and the ShimCache (docs/scan-client.md, "Windows
 * services", "ShimCache"). A service disabled, deleted or not running is marked; what it means is the
 * signal rules' to say. A ShimCache entry says a file was on the machine, not that it ran.
 */

function startWords(s: Service): [string, 'danger' | 'warning' | 'neutral' | 'success'] {
  if (s.present === false) return ['Deleted', 'danger'];
  if (s.present === null) return ['Unknown', 'neutral'];
  if (s.startType === 'disabled') return ['Disabled', 'danger'];
  return [s.startType ?? (s.start === null ? 'start type unknown' : `start ${s.start}`), 'neutral'];
}

function stateWords(s: Service) {
  if (s.state === null) return <span className="muted">—</span>;
  const stopped = s.state === 'stopped' && ['boot', 'system', 'automatic'].includes(s.startType ?? '');
  return <Badge tone={s.state === 'running' ? 'success' : stopped ? 'warning' : 'neutral'}>{s.state}</Badge>;
}

export function WindowsServices({ section }: { section: ServicesSection }) {
  if (section.items.length === 0) return <p className="muted">No service was read.</p>;
  return (
    <>
      <p className="muted small">
        From{' '}
        {section.from === 'service-manager'
          ? 'the service manager of the running Windows'
          : 'the SYSTEM hive file'}
        {section.controlSet !== null ? ` (${section.controlSet})` : ''}.
      </p>
      <Table caption="Windows services" captionHidden>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Starts</th>
            <th scope="col">Now</th>
            <th scope="col">Program</th>
            <th scope="col">Settings last changed</th>
          </tr>
        </thead>
        <tbody>
          {section.items.map((s, i) => {
            const [label, tone] = startWords(s);
            return (
              <tr key={itemId('services', i)} id={itemId('services', i)} tabIndex={-1}>
                <td>
                  <strong>{s.name}</strong>
                  {s.displayName !== null ? <div className="muted small">{s.displayName}</div> : null}
                </td>
                <td>
                  <Badge tone={tone}>{label}</Badge>
                  {s.problem !== null ? <div className="muted small">{s.problem}</div> : null}
                </td>
                <td>{stateWords(s)}</td>
                <td className="mono small wrap-anywhere">{s.imagePath ?? '—'}</td>
                <td>
                  {s.keyLastWritten !== null ? (
                    <Time value={s.keyLastWritten} />
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </>
  );
}

export function ShimCache({ section }: { section: ShimCacheSection }) {
  // The document's answer holds each list's first page; the rest stays in the stored document.
  const held = useContext(EvidencePagesContext)?.cut['sources.shimcache.items'] ?? section.items.length;
  if (section.items.length === 0) return <p className="muted">The cache holds no entry.</p>;
  return (
    <>
      <p className="muted small">
        {count(section.entriesTotal)} entries, newest first, as Windows last saved them (at its last shutdown
        or restart){section.format !== null ? `, ${section.format} layout` : ''}. An entry proves the file was
        on the machine; the time is the file’s, not a run.
        {section.stopped !== null ? ` Read in part: ${section.stopped}.` : ''}
        {held > section.items.length
          ? ` The first ${count(section.items.length)} of ${count(held)} are shown.`
          : ''}
      </p>
      <Table caption="ShimCache entries" captionHidden>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Path</th>
            <th scope="col">File modified</th>
          </tr>
        </thead>
        <tbody>
          {section.items.map((e, i) => (
            <tr key={itemId('shimcache', i)} id={itemId('shimcache', i)} tabIndex={-1}>
              <td>{e.position + 1}</td>
              <td className="mono small wrap-anywhere">
                {e.path}
                {e.kind === 'packaged-app' ? <span className="muted"> (Store app)</span> : null}
                {e.executed === true ? (
                  <>
                    {' '}
                    <Badge tone="warning">Ran (Windows 8)</Badge>
                  </>
                ) : null}
              </td>
              <td>
                {e.lastModified !== null ? <Time value={e.lastModified} /> : <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
