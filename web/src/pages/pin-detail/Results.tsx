import { Link } from 'react-router';
import type { PinResults, ResultsData } from '../../api/types';

const LISTS: Array<[keyof ResultsData, string, string]> = [
  ['detections', 'Detections', 'No cheats detected.'],
  ['suspicious', 'Suspicious', 'Nothing suspicious.'],
  ['customSuspicious', 'Custom keyword matches', 'None of your keywords matched.'],
  ['warnings', 'Warnings', 'No warnings.'],
  ['untrusted', 'Untrusted files', 'No untrusted files.'],
  ['integrity', 'Integrity', 'No integrity problems.'],
];

function Findings({ title, items, none }: { title: string; items: string[]; none: string }) {
  return (
    <div>
      <h3>
        {title} <span className="muted">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <ul className="findings">
          {items.map((item, i) => (
            // Findings may repeat; the position keeps keys unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The id an operator's erasure leaves in a report's Discord list (docs/privacy.md, "Erasure"): no
 * player page exists for it, and several may share one report.
 */
const ERASED_ID = 'erased';

/** The full results of a finished scan; for any other PIN, why there are none. */
/** How the scan knows each account (docs/risk-score.md, "Whose scan it is"). */
const PROVENANCE_WORDS = {
  proven: 'proven by the player',
  named: 'named by you',
  seen: 'found on the machine',
  claimed: 'only reported',
} as const;

export function Results({ results }: { results: PinResults }) {
  if (results.status !== 'finished') {
    return (
      <section className="card" aria-labelledby="results-title">
        <h2 id="results-title">Results</h2>
        <p>{results.message}</p>
      </section>
    );
  }
  const data = results.data;
  const facts: Array<[string, string | null]> = [
    ['VPN', data.vpn],
    ['Country', data.country],
    // The field is named `windows` in the published API, but holds any system's name and version.
    ['System', data.windows],
    ['Logged on for', data.logon],
    ['Scan time', data.scantime],
  ];
  return (
    <>
      <section className="card" aria-labelledby="results-title">
        <h2 id="results-title">Results</h2>
        <dl className="facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
        {LISTS.map(([key, title, none]) => (
          <Findings key={key} title={title} items={data[key] as string[]} none={none} />
        ))}
      </section>
      <section className="card" aria-labelledby="discord-title">
        <h2 id="discord-title">Discord accounts on the machine</h2>
        {data.discord.length === 0 ? (
          <p className="muted">No Discord account was found.</p>
        ) : (
          <ul className="findings">
            {data.discord.map((account, i) =>
              account.id === ERASED_ID ? (
                // Erased accounts repeat within a report; the position keeps keys unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                <li key={i} className="muted">
                  Erased account
                </li>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above, an id may repeat.
                <li key={i}>
                  <Link to={`/players/${account.id}`}>{account.username}</Link>{' '}
                  <span className="muted mono">{account.id}</span>
                  {account.provenance ? (
                    <span className="muted">
                      {' '}
                      · {PROVENANCE_WORDS[account.provenance]}
                      {account.reach === 'shared'
                        ? ', counts for every community'
                        : ', counts only for your Enterprise'}
                    </span>
                  ) : null}
                </li>
              ),
            )}
          </ul>
        )}
      </section>
    </>
  );
}
