import { Badge, Table } from '../../components';
import type { EvidenceSources } from './evidence-api';
import { count, itemId } from './evidence-words';

type MacrosSection = NonNullable<EvidenceSources['macros']>;
type Macro = MacrosSection['items'][number];

/*
 * Click macros in mouse software (docs/scan-client.md, "Click macros"): the programs installed, and
 * per macro that clicks its clicks, their speed and how it repeats; macros that only type are a
 * count. What a macro types was never collected. A
 * program read as "installed only" may hold a clicker that is not measured, and a macro kept in the
 * mouse's own memory leaves nothing on disk: an empty list proves nothing.
 */

const REPEAT: Record<Macro['repeat'], string> = {
  once: 'once per press',
  times: 'a number of times',
  'while-held': 'while held',
  toggle: 'toggled on and off',
  'until-stopped': 'until stopped',
  unknown: 'not recorded',
};

function speed(m: Macro): string {
  if (m.shortestClickIntervalMs === null) return m.clicks > 0 ? 'one press per run' : '—';
  if (m.clicksPerSecond === null) return 'no pause between clicks';
  return `${m.clicksPerSecond} per second (${m.shortestClickIntervalMs} ms apart)`;
}

export function ClickMacros({ section }: { section: MacrosSection }) {
  return (
    <>
      {section.programs.length === 0 ? (
        <p className="muted">No mouse or macro software was found in the places the scanner looks.</p>
      ) : (
        <ul className="plain-list">
          {section.programs.map((p) => (
            <li key={p.program}>
              <strong>{p.program}</strong>{' '}
              {p.macrosRead ? (
                <Badge tone="success">Macros read</Badge>
              ) : (
                <Badge tone="neutral">Installed only</Badge>
              )}{' '}
              {p.folder !== null ? <span className="mono small wrap-anywhere">{p.folder}</span> : null}
              {p.macrosRead ? (
                <span>
                  {' '}
                  — {count(p.filesRead)} file(s) read
                  {p.filesUnreadable > 0 ? `, ${count(p.filesUnreadable)} unreadable` : ''}
                  {p.macrosWithoutClicks > 0
                    ? `; ${count(p.macrosWithoutClicks)} macro(s) that click nothing (counted only, not named)`
                    : ''}
                </span>
              ) : (
                <span className="muted"> — {p.reason}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {section.items.length === 0 ? (
        <p className="muted">No macro was read.</p>
      ) : (
        <Table caption="Click macros" captionHidden>
          <thead>
            <tr>
              <th scope="col">Macro</th>
              <th scope="col">On</th>
              <th scope="col">Clicks per run</th>
              <th scope="col">Speed</th>
              <th scope="col">Repeats</th>
            </tr>
          </thead>
          <tbody>
            {section.items.map((m, i) => (
              // The id is the item's place in the document, which findings point at.
              <tr key={itemId('macros', i)} id={itemId('macros', i)} tabIndex={-1}>
                <td className="wrap-anywhere">
                  <strong>{m.name}</strong> <span className="muted">({m.program})</span>
                  {m.profile !== null ? <div className="small">profile {m.profile}</div> : null}
                  <div className="mono small">{m.file}</div>
                  {m.note !== null ? <div className="muted small">{m.note}</div> : null}
                </td>
                <td>{m.boundTo ?? <span className="muted">—</span>}</td>
                <td>
                  {count(m.clicks)}
                  {m.buttons.length > 0 ? <span className="muted"> ({m.buttons.join(', ')})</span> : null}
                  {m.otherActions > 0 ? (
                    <div className="muted small">and {count(m.otherActions)} other action(s)</div>
                  ) : null}
                </td>
                <td>
                  {speed(m)} {m.fastClicks ? <Badge tone="warning">Faster than a person</Badge> : null}
                </td>
                <td>
                  {m.repeat === 'times' && m.repeatTimes !== null
                    ? `${count(m.repeatTimes)} times`
                    : REPEAT[m.repeat]}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {section.unreadable.length > 0 ? (
        <ul className="plain-list small">
          {section.unreadable.map((u) => (
            <li key={u.path}>
              <span className="mono wrap-anywhere">{u.path}</span>{' '}
              <span className="muted">
                ({u.program}): {u.reason}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
