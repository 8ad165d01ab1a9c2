import { ProgressBar } from '../../components';
import type { KeyUsage, Overview } from './api';

function percent(used: number, limit: number): number {
  return limit > 0 ? (100 * used) / limit : 0;
}

function resetWords(seconds: number | null): string {
  if (seconds === null) return 'No request this hour.';
  const minutes = Math.ceil(seconds / 60);
  return `Resets in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Your active PINs against the limit. */
export function ActivePins({ pins }: { pins: Overview['activePins'] }) {
  const label = `${pins.used} of ${pins.limit} active PINs`;
  return (
    <section className="card stack" aria-labelledby="active-pins-title">
      <h2 id="active-pins-title">Active PINs</h2>
      <p className="big-number">
        {pins.used} <span className="muted">/ {pins.limit}</span>
      </p>
      <ProgressBar value={percent(pins.used, pins.limit)} label={label} />
      <p className="muted">
        {pins.used >= pins.limit
          ? 'At the limit: a new PIN can be created when one of these is scanned or expires.'
          : `${pins.limit - pins.used} more can be waiting or scanning at once.`}
      </p>
    </section>
  );
}

function keyName(key: KeyUsage): string {
  return key.name ? `${key.name} (${key.prefix}…)` : `${key.prefix}…`;
}

/** Requests each of your keys used in the current hourly window (reading this spends none). */
export function KeyUsageList({ keys }: { keys: KeyUsage[] }) {
  return (
    <section className="card stack" aria-labelledby="key-usage-title">
      <h2 id="key-usage-title">Requests this hour</h2>
      {keys.length === 0 ? (
        <p className="muted">You have no API keys. Make one on the Keys page.</p>
      ) : (
        <ul className="usage-list">
          {keys.map((key) => (
            <li key={key.id}>
              <p className="row row-between">
                <span className="wrap-anywhere">{keyName(key)}</span>
                <span>
                  {key.used} / {key.limit}
                </span>
              </p>
              <ProgressBar
                value={percent(key.used, key.limit)}
                label={`${keyName(key)}: ${key.used} of ${key.limit} requests used this hour`}
              />
              <p className="muted small">{resetWords(key.resetSeconds)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The detections found most often in the last 30 days. */
export function TopDetections({ detections }: { detections: Overview['topDetections'] }) {
  const most = detections[0]?.count ?? 0;
  return (
    <section className="card stack" aria-labelledby="top-detections-title">
      <h2 id="top-detections-title">Most frequent detections</h2>
      {detections.length === 0 ? (
        <p className="muted">No detections in the last 30 days.</p>
      ) : (
        <ol className="usage-list">
          {detections.map((d) => (
            <li key={d.name}>
              <p className="row row-between">
                <span className="wrap-anywhere">{d.name}</span>
                <span>
                  {d.count} {d.count === 1 ? 'scan' : 'scans'}
                </span>
              </p>
              <div className="bar-track" aria-hidden="true">
                <div className="bar-fill bar-fill-danger" style={{ width: `${percent(d.count, most)}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
