import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { CoverageReport, RouteOutcome } from './harness.js';
import type { Route } from './planted.js';

/**
 * The coverage table (docs/detection.md, "Coverage") and its goals: at least 95 % of the public
 * clients detected by every route, and no finding at all on at least 30 legitimate projects.
 */
export const CLIENT_GOAL = 0.95;
export const LEGITIMATE_GOAL = 30;

export const START_MARKER = '<!-- coverage:detection:start (written by npm run coverage:detection) -->';
export const END_MARKER = '<!-- coverage:detection:end -->';

const ROUTE_TITLES: Record<Route, string> = {
  jar: 'jar in `mods`',
  renamed: 'renamed `.dat`',
  memory: 'in memory only',
};

export interface Goal {
  what: string;
  result: string;
  met: boolean;
}

const percent = (n: number, of: number) => (of === 0 ? '0 %' : `${((100 * n) / of).toFixed(0)} %`);

export function goalsOf(report: CoverageReport): Goal[] {
  const goals: Goal[] = [];
  const n = report.clients.length;
  for (const route of report.routes) {
    const detected = report.clients.filter((c) => c.routes[route]?.status === 'detected').length;
    const notRun = route === 'memory' && report.memoryNotRun !== null;
    goals.push({
      what: `clients detected, ${ROUTE_TITLES[route]} (goal ≥ ${CLIENT_GOAL * 100} %)`,
      result: notRun ? (report.memoryNotRun ?? '') : `${detected}/${n} (${percent(detected, n)})`,
      met: !notRun && n > 0 && detected >= Math.ceil(CLIENT_GOAL * n),
    });
  }
  const clean = report.legitimate.filter((l) =>
    report.routes.every((r) => l.routes[r]?.status === 'clean' || l.routes[r]?.status === 'not run'),
  ).length;
  const flagged = report.legitimate.filter((l) =>
    report.routes.some((r) => l.routes[r]?.status === 'findings' || l.routes[r]?.status === 'error'),
  ).length;
  goals.push({
    what: `legitimate projects with no finding by any route (goal: all, and ≥ ${LEGITIMATE_GOAL})`,
    result: `${clean}/${report.legitimate.length}${flagged > 0 ? `, ${flagged} with a finding or an error` : ''}`,
    met: flagged === 0 && clean === report.legitimate.length && clean >= LEGITIMATE_GOAL,
  });
  return goals;
}

function cell(outcome: RouteOutcome | undefined): string {
  if (outcome === undefined) return '';
  switch (outcome.status) {
    case 'detected':
      return 'yes';
    case 'missed':
      return '**no**';
    case 'clean':
      return 'none';
    case 'findings':
      return `**${outcome.findings.map((f) => f.replaceAll('|', '\\|')).join('; ')}**`;
    case 'not run':
      return outcome.note ?? 'not run';
    case 'error':
      return `**error**: ${(outcome.note ?? '').replaceAll('|', '\\|')}`;
  }
}

/** Markdown: the goals, the clients' table, the legitimate projects' table, and how long it took. */
export function renderTable(report: CoverageReport, context: string): string {
  const routes = report.routes;
  const lines: string[] = [];
  lines.push(context, '');
  lines.push('| goal | result | met |', '|---|---|---|');
  for (const g of goalsOf(report)) lines.push(`| ${g.what} | ${g.result} | ${g.met ? 'yes' : '**no**'} |`);
  lines.push('');
  lines.push(
    `| client | project | ${routes.map((r) => ROUTE_TITLES[r]).join(' | ')} | rules that named it |`,
    `|---|---|${routes.map(() => '---|').join('')}---|`,
  );
  for (const c of report.clients) {
    const rules = [...new Set(routes.flatMap((r) => c.routes[r]?.findings ?? []))].join(', ');
    lines.push(
      `| ${c.entry.name} | ${c.entry.project} | ${routes.map((r) => cell(c.routes[r])).join(' | ')} | ${rules} |`,
    );
  }
  lines.push('');
  lines.push(
    `| legitimate project | ${routes.map((r) => `findings, ${ROUTE_TITLES[r]}`).join(' | ')} |`,
    `|---|${routes.map(() => '---|').join('')}`,
  );
  for (const l of report.legitimate)
    lines.push(
      `| ${l.entry.name} (${l.entry.project}) | ${routes.map((r) => cell(l.routes[r])).join(' | ')} |`,
    );
  lines.push('');
  lines.push("Findings on a machine with nothing planted, left out of the legitimate projects':", '');
  for (const r of routes.filter((r) => report.baseline[r] !== undefined)) {
    const found = report.baseline[r] ?? [];
    lines.push(`- ${ROUTE_TITLES[r]}: ${found.length > 0 ? found.join(' ') : 'none'}`);
  }
  lines.push('');
  const timing = routes
    .filter((r) => report.routeSeconds[r] !== undefined)
    .map((r) => `${ROUTE_TITLES[r]} ${(report.routeSeconds[r] ?? 0).toFixed(0)} s`)
    .join(', ');
  lines.push(
    `Took ${report.seconds.toFixed(0)} s${timing ? ` (machine time by route, planting and scanning: ${timing})` : ''}.`,
  );
  return lines.join('\n');
}

/**
 * Puts the table between the markers of the docs page, replacing the last run's; a page without
 * them gets a "Coverage" section at its end. Nothing else on the page is touched.
 */
export function writeIntoDocs(path: string, table: string): void {
  const page = existsSync(path) ? readFileSync(path, 'utf8') : '# Detection\n';
  const block = `${START_MARKER}\n${table}\n${END_MARKER}`;
  const start = page.indexOf(START_MARKER);
  const end = page.indexOf(END_MARKER);
  const next =
    start >= 0 && end > start
      ? `${page.slice(0, start)}${block}${page.slice(end + END_MARKER.length)}`
      : `${page.trimEnd()}\n\n## Coverage\n\n${block}\n`;
  writeFileSync(path, next);
}
