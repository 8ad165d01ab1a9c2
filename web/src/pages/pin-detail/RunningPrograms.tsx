import { useContext } from 'react';
import { Table } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { EvidencePagesContext } from './evidence-pages';
import { count, itemId } from './evidence-words';

type Others = NonNullable<EvidenceSources['processes']['others']>;

/*
 * The other programs running during the scan (docs/scan-client.md, "Other running programs"): one
 * row per distinct executable, name, path and SHA-256 only. Being listed proves only that the program
 * was running; the findings above say which ones the rules flagged.
 */
export function RunningPrograms({ others }: { others: Others }) {
  // The document's answer holds the list's first page; the rest stays in the stored document.
  const held = useContext(EvidencePagesContext)?.cut['sources.processes.others.items'] ?? others.items.length;
  return (
    <>
      <h4>Other programs running</h4>
      <p className="muted small">
        {count(others.total)} distinct program{others.total === 1 ? '' : 's'}
        {others.truncated
          ? `, the first ${count(others.items.length)} sent (system programs left out first)`
          : ''}
        ; no command lines or window titles.
        {others.unhashed > 0
          ? ` ${count(others.unhashed)} without a fingerprint (too large or past the time limit).`
          : ''}
        {held > others.items.length
          ? ` The first ${count(others.items.length)} of ${count(held)} are shown.`
          : ''}
      </p>
      <Table caption="Other programs running" captionHidden>
        <thead>
          <tr>
            <th scope="col">Program</th>
            <th scope="col">Path and SHA-256</th>
          </tr>
        </thead>
        <tbody>
          {others.items.map((p, i) => (
            // The id is the item's place in the document, which findings point at.
            <tr key={itemId('runningPrograms', i)} id={itemId('runningPrograms', i)} tabIndex={-1}>
              <td>{p.name}</td>
              <td className="wrap-anywhere">
                <div className="mono small">{p.path ?? '—'}</div>
                {p.sha256 === null ? (
                  <span className="muted">—</span>
                ) : (
                  <code className="small wrap-anywhere">{p.sha256}</code>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
