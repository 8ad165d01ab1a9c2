import { Link } from 'react-router';
import type { RelatedAccount } from './api';
import { PlayerStatusBadge } from './badges';
import { layoutHardware, shortName } from './hardware-layout';

/**
 * Accounts linked to the player through shared hardware: a small picture, and the same facts as a
 * list beside it for screen readers and keyboards. Hardware is named only by its numeric id.
 */
export function HardwareGraph({ username, related }: { username: string; related: RelatedAccount[] }) {
  const layout = layoutHardware(related);
  const hardwareIds = [...new Set(related.flatMap((a) => a.sharedHwidIds))].sort((a, b) => a - b);
  const accountsOn = (id: number) => related.filter((a) => a.sharedHwidIds.includes(id));

  return (
    <div className="hw-graph">
      <svg
        className="hw-graph-picture"
        viewBox={`0 0 ${layout.size} ${layout.size}`}
        role="img"
        aria-label={`${username} shares ${hardwareIds.length} hardware ${
          hardwareIds.length === 1 ? 'ID' : 'IDs'
        } with ${related.length} other ${related.length === 1 ? 'account' : 'accounts'}; the list beside the picture names them.`}
      >
        {layout.edges.map((e) => (
          <line key={e.key} x1={e.from.x} y1={e.from.y} x2={e.to.x} y2={e.to.y} className="hw-edge" />
        ))}
        {layout.hardware.map((h) => (
          <g key={h.id}>
            <rect x={h.x - 24} y={h.y - 10} width="48" height="20" rx="4" className="hw-node-hardware" />
            <text x={h.x} y={h.y + 4} textAnchor="middle" className="hw-label-small">
              HW #{h.id}
            </text>
          </g>
        ))}
        {layout.accounts.map((a) => (
          <g key={a.account.discordId}>
            <circle
              cx={a.x}
              cy={a.y}
              r="9"
              className={`hw-node-account hw-status-${a.account.overallStatus}`}
            />
            <text
              x={a.x}
              y={a.y + (a.y < layout.centre.y ? -14 : 22)}
              textAnchor="middle"
              className="hw-label"
            >
              {shortName(a.account.username)}
            </text>
          </g>
        ))}
        <circle cx={layout.centre.x} cy={layout.centre.y} r="13" className="hw-node-player" />
        <text
          x={layout.centre.x}
          y={layout.centre.y + 30}
          textAnchor="middle"
          className="hw-label hw-label-strong"
        >
          {shortName(username)}
        </text>
      </svg>
      <div className="hw-graph-list">
        <h4 id="hw-list-title">Shared hardware</h4>
        <ul aria-labelledby="hw-list-title">
          {hardwareIds.map((id) => (
            <li key={id}>
              <span className="mono">HW #{id}</span>, shared with{' '}
              {accountsOn(id).map((a, i) => (
                <span key={a.discordId}>
                  {i > 0 ? ', ' : null}
                  <Link to={`/players/${a.discordId}`}>{a.username}</Link>{' '}
                  <PlayerStatusBadge status={a.overallStatus} />
                </span>
              ))}
            </li>
          ))}
        </ul>
        {layout.hidden > 0 ? (
          <p className="muted">
            The picture shows {related.length - layout.hidden} of {related.length} accounts; the list has all
            of them.
          </p>
        ) : null}
      </div>
    </div>
  );
}
