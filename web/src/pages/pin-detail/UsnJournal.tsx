import { Badge, Table, Time } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { count, formatBytes, itemId } from './evidence-words';

type UsnSection = NonNullable<EvidenceSources['usnJournal']>;
type Volume = UsnSection['volumes'][number];
type Change = UsnSection['items'][number];

/*
 * The NTFS change journal (docs/scan-client.md, "USN journal"): per drive, whether the journal is
 * there and how far back it goes; then the recent deletions, renames and time changes of watched
 * files. The journal gives names, not paths: a folder deleted since shows as unknown. An empty list
 * proves only that nothing watched changed in the window the scanner read.
 */

const STATE: Record<Volume['state'], [string, 'success' | 'danger' | 'neutral']> = {
  read: ['Read', 'success'],
  inactive: ['No journal', 'danger'],
  'not-read': ['Not read', 'neutral'],
};

const KIND: Record<Change['kind'], string> = {
  deleted: 'Deleted',
  renamed: 'Renamed',
  'basic-info-changed': 'Times or attributes set',
};

function name(c: Change) {
  if (c.kind !== 'renamed') return <span className="mono">{c.name ?? '—'}</span>;
  return (
    <span className="mono">
      {c.oldName ?? '(old name not seen)'} → {c.name ?? '(new name not seen)'}
    </span>
  );
}

function VolumeLine({ v, index }: { v: Volume; index: number }) {
  const [label, tone] = STATE[v.state];
  return (
    // The id is the drive's place in the document, which the journal's signals point at.
    <li id={itemId('usnJournalVolumes', index)} tabIndex={-1}>
      <strong>{v.volume}</strong>
      {v.system ? <span className="muted"> (Windows drive)</span> : null} <Badge tone={tone}>{label}</Badge>
      {v.state === 'read' ? (
        <span>
          {' '}
          — oldest record {v.oldestRecordAt !== null ? <Time value={v.oldestRecordAt} /> : 'unknown'}
          {v.wrapped === true ? ' (older records already dropped)' : ''}
          {v.wrapped === false ? ' (nothing dropped since the journal was created)' : ''},{' '}
          {formatBytes(v.bytesRead)} read{v.complete ? '' : ', not to the end'}
          {v.journalId !== null ? <span className="mono small"> · journal {v.journalId}</span> : null}
          {v.changesDropped > 0 ? `, ${count(v.changesDropped)} older change(s) left out` : ''}
        </span>
      ) : null}
      {v.note !== null ? <div className="muted small">{v.note}</div> : null}
    </li>
  );
}

export function UsnJournal({ section }: { section: UsnSection }) {
  return (
    <>
      {section.volumes.length === 0 ? (
        <p className="muted">No drive’s journal was read.</p>
      ) : (
        <ul className="plain-list">
          {section.volumes.map((v, i) => (
            <VolumeLine key={v.volume} v={v} index={i} />
          ))}
        </ul>
      )}
      {section.items.length === 0 ? (
        <p className="muted">
          No deletion, rename or time change of a watched file in the last {count(section.windowHours)} hours.
        </p>
      ) : (
        <Table caption={`Changes in the last ${count(section.windowHours)} hours`} captionHidden>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Change</th>
              <th scope="col">File</th>
              <th scope="col">Folder</th>
            </tr>
          </thead>
          <tbody>
            {section.items.map((c, i) => (
              // The id is the item's place in the document, which findings point at.
              <tr key={itemId('usnJournal', i)} id={itemId('usnJournal', i)} tabIndex={-1}>
                <td>{c.at !== null ? <Time value={c.at} /> : '—'}</td>
                <td>{KIND[c.kind]}</td>
                <td className="wrap-anywhere">{name(c)}</td>
                <td className="wrap-anywhere">
                  {c.folder !== null ? (
                    <span className="mono small">{c.folder}</span>
                  ) : (
                    <span className="muted">{c.volume} (folder unknown)</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
