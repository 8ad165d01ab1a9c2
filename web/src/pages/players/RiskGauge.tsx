import type { RiskLevel } from './api';
import { levelLabel } from './badges';

/** The level bands of docs/risk-score.md: low up to 25, medium to 50, high to 75, critical above. */
const BANDS: ReadonlyArray<[number, number, RiskLevel]> = [
  [0, 25, 'low'],
  [25, 50, 'medium'],
  [50, 75, 'high'],
  [75, 100, 'critical'],
];
const R = 48;

/** A point on the half circle: 0 at the left end, 100 at the right. */
function point(value: number, radius: number): [number, number] {
  const angle = Math.PI * (1 - value / 100);
  return [60 + radius * Math.cos(angle), 60 - radius * Math.sin(angle)];
}

function arc(from: number, to: number): string {
  const [x1, y1] = point(from, R);
  const [x2, y2] = point(to, R);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/**
 * The 0–100 risk score as a half-circle gauge. It is one image to assistive technology, named with
 * the number and the level, so nothing is told by colour or position alone.
 */
export function RiskGauge({ score, level }: { score: number; level: RiskLevel }) {
  const value = Math.max(0, Math.min(100, score));
  return (
    <svg
      className="risk-gauge"
      viewBox="0 0 120 74"
      role="img"
      aria-label={`Risk score ${score} of 100, ${levelLabel(level).toLowerCase()}`}
    >
      {BANDS.map(([from, to, band]) => (
        <path key={band} d={arc(from, to)} className={`gauge-band gauge-${band}`} />
      ))}
      {value > 0 ? <path d={arc(0, value)} className={`gauge-value gauge-value-${level}`} /> : null}
      <text x="60" y="58" textAnchor="middle" className="gauge-number">
        {score}
      </text>
      <text x="12" y="72" textAnchor="middle" className="gauge-scale">
        0
      </text>
      <text x="108" y="72" textAnchor="middle" className="gauge-scale">
        100
      </text>
    </svg>
  );
}
