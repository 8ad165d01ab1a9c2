import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import { Button } from '../../components';
import type { DayCounts } from './api';
import { dayTotal, longDay, OUTCOMES, shortDay } from './outcomes';

function DayTooltip({ active, payload, label }: Partial<TooltipContentProps<number, string>>) {
  if (!active || !payload || payload.length === 0 || typeof label !== 'string') return null;
  const day = payload[0]?.payload as DayCounts | undefined;
  if (!day) return null;
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip-title">{longDay(label)}</p>
      <ul>
        {OUTCOMES.map((o) => (
          <li key={o.key}>
            <span className={`legend-swatch swatch-${o.key}`} aria-hidden="true" /> {o.label}: {day[o.key]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Scans per day by how they ended, over the last 30 UTC days: a stacked bar chart, and the same
 * numbers as a table. The picture is hidden from screen readers, which read the table; sighted
 * people can show the table too.
 */
export function ScansChart({ days }: { days: DayCounts[] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const today = days[days.length - 1]?.date;

  return (
    <section className="card stack" aria-labelledby="scans-per-day-title">
      <div className="row row-between">
        <h2 id="scans-per-day-title">Scans per day</h2>
        <Button
          className="btn-small"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide the table' : 'Show as a table'}
        </Button>
      </div>
      <p className="muted">
        The last 30 days (UTC), by the day each PIN ended: {total} {total === 1 ? 'scan' : 'scans'} in all.
      </p>
      <ul className="chart-legend" aria-hidden="true">
        {OUTCOMES.map((o) => (
          <li key={o.key}>
            <span className={`legend-swatch swatch-${o.key}`} /> {o.label}
          </li>
        ))}
      </ul>
      <div className="scans-chart" aria-hidden="true">
        <BarChart
          responsive
          data={days}
          style={{ width: '100%', height: 260 }}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip
            content={<DayTooltip />}
            cursor={{ className: 'chart-cursor' }}
            isAnimationActive={false}
          />
          {OUTCOMES.map((o) => (
            <Bar
              key={o.key}
              dataKey={o.key}
              name={o.label}
              stackId="scans"
              className={`bar-${o.key}`}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </div>
      {/* Hidden from sight only, never from screen readers; focusable (to scroll it) only when shown. */}
      <section
        id={tableId}
        aria-label="Scans per day as a table"
        className={showTable ? 'table-wrap' : 'visually-hidden'}
        tabIndex={showTable ? 0 : undefined}
      >
        <table className="table">
          <caption>Scans per day by outcome, the last 30 days (UTC), newest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {OUTCOMES.map((o) => (
                <th key={o.key} scope="col">
                  {o.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date} data-date={day.date}>
                <th scope="row">
                  {day.date === today ? 'Today, ' : null}
                  <time dateTime={day.date}>{longDay(day.date)}</time>
                </th>
                {OUTCOMES.map((o) => (
                  <td key={o.key}>{day[o.key]}</td>
                ))}
                <td>{dayTotal(day)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
