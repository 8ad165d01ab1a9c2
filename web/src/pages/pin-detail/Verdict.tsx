import type { PinResults } from '../../api/types';
import { AssuranceBadge, clientWords, VerdictBadge } from '../../components';

/**
 * A finished scan's verdict and how far it can be trusted (docs/scan-client.md, "Trust"), first on
 * the page: staff decide from these two, so they sit above the timeline and the findings.
 */
export function Verdict({ results }: { results: PinResults }) {
  if (results.status !== 'finished') return null;
  const assurance = results.data.assurance;
  return (
    <section className="card stack verdict-card" aria-labelledby="verdict-title">
      <h2 id="verdict-title">Verdict</h2>
      <p className="verdict-line">
        <VerdictBadge verdict={results.result} /> <AssuranceBadge assurance={assurance} />
      </p>
      {assurance === undefined ? null : assurance === null ? (
        <p className="muted">
          This scan finished before scanpin recorded which client sent it and how far to trust it.
        </p>
      ) : (
        <>
          <dl className="facts">
            <div>
              <dt>Scan client</dt>
              <dd data-testid="scan-client">{clientWords(assurance.client)}</dd>
            </div>
          </dl>
          {assurance.reasons.length === 0 ? (
            <p className="muted">Nothing lowers the trust in this result.</p>
          ) : (
            <div>
              <h3 id="assurance-reasons-title">Why the assurance is {assurance.level}</h3>
              <ul className="findings" aria-labelledby="assurance-reasons-title">
                {assurance.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
