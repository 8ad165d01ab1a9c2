import { useState } from 'react';
import { Badge, Button, Table, Time } from '../../components';
import { PAGE } from './EvidenceList';
import type { EvidenceSources } from './evidence-api';
import { count, formatBytes, itemId } from './evidence-words';

type AmcacheSection = NonNullable<EvidenceSources['amcache']>;
type AmcacheRecord = AmcacheSection['items'][number];

/*
 * Amcache (docs/scan-client.md, "Amcache"): the program files Windows' Compatibility Appraiser
 * recorded, newest first. A record proves the file was on the computer, not that it ran; it stays
 * after the file is deleted. For a file over 30 MiB the SHA-1 is that of its first 30 MiB only.
 */

function Presence({ r }: { r: AmcacheRecord }) {
  if (r.exists === true) return <Badge tone="neutral">Still there</Badge>;
  if (r.exists === false) return <Badge tone="warning">Gone</Badge>;
  return <Badge tone="neutral">Drive not present</Badge>;
}

function Sha1({ r }: { r: AmcacheRecord }) {
  if (r.sha1 === null) return <span className="muted">—</span>;
  return (
    <>
      <code className="small wrap-anywhere">{r.sha1}</code>
      {r.sha1Covers === 'first-30-mib' ? <div className="muted small">of the first 30 MiB only</div> : null}
    </>
  );
}

export function Amcache({ section, matchedIndexes }: { section: AmcacheSection; matchedIndexes: number[] }) {
  // A finding may point past the first page: draw at least up to the last record one points at.
  const [shown, setShown] = useState(PAGE);
  const limit = Math.max(shown, ...matchedIndexes.map((i) => i + 1));
  const cut = section.recordsTotal - section.items.length;
  return (
    <>
      <p className="muted small">
        {count(section.recordsTotal)} record(s)
        {cut > 0 ? `, the newest ${count(section.items.length)} sent` : ''}
        {section.from === 'registry' ? ', read through the registry (Windows held the file)' : ''}
        {section.badFileIds > 0 ? `; ${count(section.badFileIds)} without a usable SHA-1` : ''}
        {section.damagedRecords > 0 ? `; ${count(section.damagedRecords)} damaged, not read` : ''}.
      </p>
      {section.items.length === 0 ? (
        <p className="muted">No program file recorded.</p>
      ) : (
        <Table caption="Program files Windows recorded" captionHidden>
          <thead>
            <tr>
              <th scope="col">Recorded</th>
              <th scope="col">File</th>
              <th scope="col">SHA-1</th>
              <th scope="col">Size</th>
              <th scope="col">Publisher, product, version</th>
              <th scope="col">Linked</th>
            </tr>
          </thead>
          <tbody>
            {section.items.slice(0, limit).map((r, i) => (
              // The id is the record's place in the document, which findings point at.
              <tr key={itemId('amcache', i)} id={itemId('amcache', i)} tabIndex={-1}>
                <td>{r.recordedAt !== null ? <Time value={r.recordedAt} /> : '—'}</td>
                <td className="wrap-anywhere">
                  <span className="mono small">{r.path}</span> <Presence r={r} />
                </td>
                <td>
                  <Sha1 r={r} />
                </td>
                <td>{r.size !== null ? formatBytes(r.size) : '—'}</td>
                <td className="wrap-anywhere">
                  {[r.publisher, r.productName, r.version].filter((v) => v !== null).join(' · ') || '—'}
                </td>
                <td>{r.linkDate !== null ? <Time value={r.linkDate} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {section.items.length > limit ? (
        <p className="row">
          <span className="muted small">
            Showing {count(limit)} of {count(section.items.length)} records.
          </span>
          <Button className="btn-small" onClick={() => setShown(limit + PAGE)}>
            Show more records
          </Button>
        </p>
      ) : null}
    </>
  );
}
