import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, CopyButton, ErrorState, Loading, Table, Time } from '../../components';
import { EvidenceSources, type Matched } from './EvidenceSources';
import { type EvidenceSource, type ScanEvidence, usePinEvidence } from './evidence-api';
import { EvidencePagesContext, loadCutLists } from './evidence-pages';
import { itemId, itemName, LINKED_SOURCES, proofWords, SEVERITY, SOURCE_TITLES } from './evidence-words';
import { FalsePositiveCell } from './FalsePositive';

interface Target {
  source: EvidenceSource;
  index: number;
}

const ITEM_HASH = /^#evidence-(memory|files|processes|programs)-(\d+)$/;

/** The values each evidence item matched, so its lists can highlight them. */
function matchedValues(evidence: ScanEvidence): Matched {
  const map = new Map<string, Set<string>>();
  for (const f of evidence.findings) {
    const id = itemId(f.evidence.source, f.evidence.index);
    map.set(id, (map.get(id) ?? new Set()).add(f.evidence.value));
  }
  return map;
}

/** A rule's matches past the server's bounds on findings: counted, not listed (docs/scan-client.md). */
function OmittedFindings({ evidence }: { evidence: ScanEvidence }) {
  if (evidence.omitted.length === 0) return null;
  return (
    <div className="stack">
      <p>Some rules matched in more places than are listed (at most 25 per rule and 500 in all are kept):</p>
      <ul>
        {evidence.omitted.map((o) => (
          <li key={o.ruleId}>
            {o.rule}{' '}
            <span className="muted">
              (rule #{o.ruleId}, {SEVERITY[o.severity][0]})
            </span>
            : {o.places.toLocaleString('en-US')} more place{o.places === 1 ? '' : 's'}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The lists of whole items the answer cut (`sources.files.items`), with a way to read them all. */
function CutLists({
  code,
  evidence,
  onLoaded,
}: {
  code: string;
  evidence: ScanEvidence;
  onLoaded: (evidence: ScanEvidence) => void;
}) {
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const lists = Object.entries(evidence.cut).filter(([path]) => path.split('.').length === 3);
  if (lists.length === 0) return null;
  const load = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const { document, cut } = await loadCutLists(code, evidence.document, evidence.cut);
      onLoaded({ ...evidence, document, cut });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <p className="row">
      <span>
        This evidence is large: only the first part of{' '}
        {lists
          .map(([path, total]) => {
            const source = path.split('.')[1] as keyof typeof SOURCE_TITLES;
            return `${SOURCE_TITLES[source] ?? source} (${total.toLocaleString('en-US')} in all)`;
          })
          .join(', ')}{' '}
        is shown.
      </span>
      <Button className="btn-small" disabled={loading} onClick={() => void load()}>
        {loading ? 'Loading…' : 'Load the rest'}
      </Button>
      {failed ? <span className="small">Could not load the rest; try again.</span> : null}
    </p>
  );
}

function Findings({
  code,
  evidence,
  open,
  mayReview,
}: {
  code: string;
  evidence: ScanEvidence;
  open: (target: Target) => void;
  mayReview: boolean;
}) {
  if (evidence.findings.length === 0) {
    return <p className="muted">No rule matched anything in this evidence.</p>;
  }
  // One mark per rule covers each of its findings in this scan (docs/rules.md, "Rule quality").
  const marks = new Map(evidence.falsePositives.map((m) => [m.ruleId, m]));
  const places = new Map<number, number>();
  for (const f of evidence.findings) places.set(f.ruleId, (places.get(f.ruleId) ?? 0) + 1);
  return (
    <Table caption={`Findings (${evidence.findings.length})`}>
      <thead>
        <tr>
          <th scope="col">Finding</th>
          <th scope="col">Rule</th>
          <th scope="col">Severity</th>
          <th scope="col">What it proves</th>
          <th scope="col">Evidence</th>
          <th scope="col">Review</th>
        </tr>
      </thead>
      <tbody>
        {evidence.findings.map((f, i) => {
          const [severity, tone] = SEVERITY[f.severity];
          const { source, index, value } = f.evidence;
          const mark = marks.get(f.ruleId);
          return (
            // Findings are unique per rule and place, in the server's order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <tr key={i} className={mark ? 'finding-false-positive' : undefined}>
              <td className="wrap-anywhere">{f.text}</td>
              <td>
                {f.rule}
                <div className="muted small">
                  {f.kind} · rule #{f.ruleId}
                </div>
              </td>
              <td>
                <Badge tone={tone}>{severity}</Badge>
              </td>
              <td>{proofWords(f.proves, source)}</td>
              <td className="wrap-anywhere">
                {LINKED_SOURCES.has(source) ? (
                  <a href={`#${itemId(source, index)}`} onClick={() => open({ source, index })}>
                    {itemName(evidence.document, source, index)}
                  </a>
                ) : (
                  // The view does not draw this source's items yet: name the item without a link.
                  <span className="mono">{itemName(evidence.document, source, index)}</span>
                )}
                <div className="small">
                  matched <code>{value}</code>
                </div>
              </td>
              <td>
                <FalsePositiveCell
                  code={code}
                  ruleId={f.ruleId}
                  rule={f.rule}
                  places={places.get(f.ruleId) ?? 1}
                  mark={mark}
                  mayReview={mayReview}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/**
 * The scan client's evidence behind a finished scan (docs/scan-client.md): each finding with its rule,
 * what it proves and a link to the evidence item it came from, then the whole document source by
 * source, and the receipt the player was shown.
 */
/** `mayReview`: the person's role in the PIN's Enterprise may mark findings (docs/roles.md). */
export function Evidence({ code, mayReview }: { code: string; mayReview: boolean }) {
  const query = usePinEvidence(code);
  const [target, setTarget] = useState<Target | null>(null);
  // The answer with the lists someone asked to read in full (CutLists), while it is the same upload.
  const [loaded, setLoaded] = useState<ScanEvidence | null>(null);
  const answered = query.data?.evidence ?? null;
  const evidence = loaded !== null && loaded.receiptId === answered?.receiptId ? loaded : answered;
  const pages = useMemo(
    () => (evidence ? { code, cut: evidence.cut, classNameCuts: evidence.classNameCuts } : null),
    [code, evidence],
  );
  const matched = useMemo(() => (evidence ? matchedValues(evidence) : new Map()), [evidence]);

  // Opened at an item (a link followed, or a shared address with its #anchor): draw it, then go there.
  useEffect(() => {
    if (evidence === null || target !== null) return;
    const m = ITEM_HASH.exec(window.location.hash);
    if (m) setTarget({ source: m[1] as EvidenceSource, index: Number(m[2]) });
  }, [evidence, target]);
  useEffect(() => {
    if (target === null) return;
    const element = document.getElementById(itemId(target.source, target.index));
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [target]);

  return (
    <section className="card stack" aria-labelledby="evidence-title">
      <h2 id="evidence-title">Evidence</h2>
      {query.isPending ? (
        <Loading label="Loading the evidence…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : evidence === null ? (
        <p className="muted">
          This scan sent no evidence document: it was reported by a scanner that sends its results only
          (through /v1/scanner/finish). The results above are all there is.
        </p>
      ) : (
        <>
          <p className="row">
            Receipt shown to the player: <code>{evidence.receiptId}</code>
            <CopyButton text={evidence.receiptId} label="Copy receipt id" />
          </p>
          <dl className="facts">
            <div>
              <dt>Received</dt>
              <dd>
                <Time value={evidence.receivedAt} />
              </dd>
            </div>
            <div>
              <dt>Scanner</dt>
              <dd>
                {evidence.document.client.version} on {evidence.document.client.platform} (
                {evidence.document.client.arch})
              </dd>
            </div>
          </dl>
          <Findings code={code} evidence={evidence} open={setTarget} mayReview={mayReview} />
          {evidence.falsePositives.length > 0 ? (
            <p className="muted small">
              Findings marked a false positive are staff’s word: the verdict and results above are unchanged.
            </p>
          ) : null}
          <OmittedFindings evidence={evidence} />
          <CutLists code={code} evidence={evidence} onLoaded={setLoaded} />
          <EvidencePagesContext.Provider value={pages}>
            <EvidenceSources
              sources={evidence.document.sources}
              matched={matched}
              findings={evidence.findings}
              revealFile={target?.source === 'files' ? target.index : -1}
              revealProgram={target?.source === 'programs' ? target.index : -1}
            />
          </EvidencePagesContext.Provider>
        </>
      )}
    </section>
  );
}
