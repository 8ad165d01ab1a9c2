import { Link } from 'react-router';
import { Table, Time, VerdictBadge } from '../../components';
import type { PlayerScan } from './api';

/** The scans whose report named this player, newest first; a code links to its PIN when visible. */
export function ScanHistory({ scans }: { scans: PlayerScan[] }) {
  return (
    <section className="stack player-section" aria-labelledby="scans-title">
      <h3 id="scans-title">Scan history</h3>
      {scans.length === 0 ? (
        <p className="muted">No finished scans named this player.</p>
      ) : (
        <Table caption="Scans that named this player, newest first" captionHidden>
          <thead>
            <tr>
              <th scope="col">Finished</th>
              <th scope="col">PIN</th>
              <th scope="col">Game</th>
              <th scope="col">Verdict</th>
              <th scope="col">Detections</th>
            </tr>
          </thead>
          <tbody>
            {scans.map((scan, i) => (
              <tr key={scan.pin ?? `hidden-${i}`}>
                <td>
                  <Time value={scan.finishedAt} />
                </td>
                <td>
                  {scan.pin ? (
                    <Link to={`/pins/${scan.pin}`} className="pin-code">
                      {scan.pin}
                    </Link>
                  ) : (
                    <span className="muted">Another community's scan</span>
                  )}
                </td>
                <td>{scan.type}</td>
                <td>
                  <VerdictBadge verdict={scan.result} />
                </td>
                <td>{scan.detectionsCount}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
