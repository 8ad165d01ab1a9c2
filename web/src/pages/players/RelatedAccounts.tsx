import { Link } from 'react-router';
import { Table, Time } from '../../components';
import type { RelatedAccount } from './api';
import { PlayerStatusBadge } from './badges';
import { HardwareGraph } from './HardwareGraph';

/** Other Discord accounts seen on the same hardware, each linking to its own player page. */
export function RelatedAccounts({ username, related }: { username: string; related: RelatedAccount[] }) {
  return (
    <section className="stack player-section" aria-labelledby="related-title">
      <h3 id="related-title">Related accounts</h3>
      {related.length === 0 ? (
        <p className="muted">No other account was seen on this player's hardware.</p>
      ) : (
        <>
          <Table caption="Accounts seen on the same hardware" captionHidden>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Status</th>
                <th scope="col">Detections</th>
                <th scope="col">Shared hardware</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {related.map((a) => (
                <tr key={a.discordId}>
                  <td>
                    <Link to={`/players/${a.discordId}`}>{a.username}</Link>
                    <div className="muted mono small">{a.discordId}</div>
                  </td>
                  <td>
                    <PlayerStatusBadge status={a.overallStatus} />
                  </td>
                  <td>
                    {a.totalDetections}
                    {a.detections.length > 0 ? <div className="small">{a.detections.join(', ')}</div> : null}
                  </td>
                  <td className="mono">{a.sharedHwidIds.map((id) => `HW #${id}`).join(', ')}</td>
                  <td>
                    <Time value={a.lastSeenAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <HardwareGraph username={username} related={related} />
        </>
      )}
    </section>
  );
}
