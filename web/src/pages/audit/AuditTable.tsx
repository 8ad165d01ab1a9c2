import { Badge, Table, Time } from '../../components';
import type { AuditEntry } from './api';
import { actionWords, actorWords, resourceWords } from './words';

/** The entries, newest first: when, who, what, on which resource, and whether it took effect. */
export function AuditTable({
  entries,
  names,
  busy,
}: {
  entries: AuditEntry[];
  names: ReadonlyMap<number, string>;
  busy: boolean;
}) {
  return (
    <Table caption="Audit trail" captionHidden busy={busy} className="audit-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">On</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>
              <Time value={e.at} />
            </td>
            <td className="wrap-anywhere">{actorWords(e, names)}</td>
            <td>{actionWords(e.action)}</td>
            <td className="wrap-anywhere">{resourceWords(e, names)}</td>
            <td>
              {e.outcome === 'succeeded' ? (
                <Badge tone="success">Done</Badge>
              ) : (
                <Badge tone="danger">Refused{e.code ? `: ${e.code}` : ''}</Badge>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
