import { Badge, Time } from '../../components';
import type { LookupBody, RiskScoreBody } from './api';
import { PlayerStatusBadge, RiskLevelBadge } from './badges';
import { RiskGauge } from './RiskGauge';

type FoundRisk = Extract<RiskScoreBody, { found: true }>;
type FoundLookup = Extract<LookupBody, { found: true }>;

/** The risk score as a gauge, its level, the counters behind it and the key dates. */
export function PlayerSummary({ risk, lookup }: { risk: FoundRisk; lookup: FoundLookup | null }) {
  const s = risk.stats;
  return (
    <section className="card player-summary" aria-labelledby="risk-title">
      <h3 id="risk-title">Risk score</h3>
      <div className="player-summary-row">
        <div className="player-gauge">
          <RiskGauge score={risk.riskScore} level={risk.riskLevel} />
          <p className="row player-gauge-badges">
            <RiskLevelBadge level={risk.riskLevel} />
            {lookup ? <PlayerStatusBadge status={lookup.overallStatus} /> : null}
            {risk.isBanned ? <Badge tone="danger">Banned</Badge> : null}
            {lookup?.isWarned ? <Badge tone="warning">Warned</Badge> : null}
          </p>
        </div>
        <dl className="facts player-facts">
          <div>
            <dt>Scans</dt>
            <dd>{s.totalScans}</dd>
          </div>
          <div>
            <dt>Cheating scans</dt>
            <dd>{s.cheatingScans}</dd>
          </div>
          <div>
            <dt>Suspicious scans</dt>
            <dd>{s.suspiciousScans}</dd>
          </div>
          <div>
            <dt>Clean scans</dt>
            <dd>{s.cleanScans}</dd>
          </div>
          <div>
            <dt>Detections</dt>
            <dd>{s.totalDetections}</dd>
          </div>
          <div>
            <dt>Hardware profiles</dt>
            <dd>{risk.linkedProfiles}</dd>
          </div>
          <div>
            <dt>First scan</dt>
            <dd>
              <Time value={risk.firstScanDate} />
            </dd>
          </div>
          <div>
            <dt>Last scan</dt>
            <dd>
              <Time value={risk.lastScanDate} relativeToo />
            </dd>
          </div>
          <div>
            <dt>Last caught cheating</dt>
            <dd>{risk.lastCheatingDate ? <Time value={risk.lastCheatingDate} relativeToo /> : 'Never'}</dd>
          </div>
          {lookup && lookup.gamesScanned.length > 0 ? (
            <div>
              <dt>Games</dt>
              <dd>{lookup.gamesScanned.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <h4>Cheats detected</h4>
      {risk.uniqueCheatsDetected.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="tag-list">
          {risk.uniqueCheatsDetected.map((name) => (
            <li key={name}>
              <Badge tone="danger">{name}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
