import { Badge, Table, Time } from '../../components';
import type { BanEntry, ReasonEntry } from './api';
import { BanBadge } from './badges';

/** Bans and warnings staff recorded (expired ones marked), and the reasons noted against the player. */
export function BansAndReasons({ bans, reasons }: { bans: BanEntry[]; reasons: ReasonEntry[] }) {
  return (
    <>
      <section className="stack player-section" aria-labelledby="bans-title">
        <h3 id="bans-title">Bans and warnings</h3>
        {bans.length === 0 ? (
          <p className="muted">No bans or warnings.</p>
        ) : (
          <Table caption="Bans and warnings" captionHidden>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
                <th scope="col">Issued</th>
              </tr>
            </thead>
            <tbody>
              {bans.map((ban, i) => (
                // Bans have no id in the answer; their order is the server's and stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <tr key={i} className={ban.isExpired ? 'row-expired' : undefined}>
                  <td>
                    <BanBadge ban={ban} />
                  </td>
                  <td className="wrap-anywhere">{ban.reason}</td>
                  <td>
                    <Time value={ban.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <section className="stack player-section" aria-labelledby="reasons-title">
        <h3 id="reasons-title">Reasons</h3>
        {reasons.length === 0 ? (
          <p className="muted">No reasons recorded.</p>
        ) : (
          <ul className="reason-list">
            {reasons.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reasons have no id; the server's order is stable.
              <li key={i} className="card">
                <p className="row">
                  <Badge tone="info">{r.category}</Badge>
                  <Time value={r.addedAt} />
                </p>
                <p className="wrap-anywhere">{r.reason}</p>
                {r.evidence !== null && r.evidence !== undefined ? (
                  <details>
                    <summary>Evidence</summary>
                    <pre className="evidence">{JSON.stringify(r.evidence, null, 2)}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
