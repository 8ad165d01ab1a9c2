import { type ReactNode, useState } from 'react';
import { Badge, Button, Time } from '../../components';
import type { Finding, ProgramItem } from './evidence-api';
import { count, itemId, proofWords, SEVERITY } from './evidence-words';
import {
  chronological,
  localSeconds,
  programStatus,
  signatureStatus,
  spanWords,
  TIMELINE_WORDS,
  utcSeconds,
} from './program-words';

/** Programs drawn at a time: a document may list 5 000, each with up to 64 times. */
const PROGRAM_PAGE = 50;

/** A time in the reader's zone, to the second, with the same moment in UTC on hover. */
function Moment({ value }: { value: string }) {
  return (
    <time dateTime={value} title={utcSeconds(value)}>
      {localSeconds(value)}
    </time>
  );
}

/**
 * The times on one horizontal axis, so gaps and bunches show at a glance. Decorative: the list
 * beside it says everything in words, so it is hidden from screen readers.
 */
function TimeAxis({ timeline }: { timeline: ProgramItem['timeline'] }) {
  const times = timeline.map((e) => Date.parse(e.at)).filter((t) => Number.isFinite(t));
  if (times.length < 2) return null;
  const first = Math.min(...times);
  const last = Math.max(...times);
  const span = last - first;
  return (
    <div className="time-axis" aria-hidden="true">
      <div className="time-axis-line">
        {timeline.map((e, i) => {
          const t = Date.parse(e.at);
          if (!Number.isFinite(t)) return null;
          const left = span === 0 ? 50 : ((t - first) / span) * 100;
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the timeline never reorders.
              key={i}
              className={`time-axis-mark source-${e.source}`}
              style={{ left: `${left}%` }}
              title={`${TIMELINE_WORDS[e.source].source}: ${utcSeconds(e.at)}`}
            />
          );
        })}
      </div>
      <div className="time-axis-ends small muted">
        <span>{localSeconds(new Date(first).toISOString())}</span>
        <span>{spanWords(span)}</span>
        <span>{localSeconds(new Date(last).toISOString())}</span>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Signature({ program }: { program: ProgramItem }) {
  const s = program.signature;
  if (s === null || (s.signer === null && s.issuer === null && s.reason === null && s.signedAt === null))
    return null;
  return (
    <>
      {s.signer !== null ? <Fact label="Signer">{s.signer}</Fact> : null}
      {s.issuer !== null ? <Fact label="Issuer">{s.issuer}</Fact> : null}
      {s.signedAt !== null ? (
        <Fact label="Signing time">
          <Time value={s.signedAt} />
        </Fact>
      ) : null}
      {s.reason !== null ? <Fact label="Signature check">{s.reason}</Fact> : null}
    </>
  );
}

/** The findings the rules made about this program, each with the rule that decided it. */
function ProgramFindings({ findings, name }: { findings: readonly Finding[]; name: string }) {
  if (findings.length === 0) return <p className="muted small">No rule matched this program.</p>;
  return (
    <ul className="program-findings plain-list stack" aria-label={`Findings for ${name}`}>
      {findings.map((f, i) => {
        const [severity, tone] = SEVERITY[f.severity];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never reordered.
          <li key={i}>
            <Badge tone={tone}>{severity}</Badge> <span className="wrap-anywhere">{f.text}</span>
            <div className="muted small">
              Decided by rule “{f.rule}” ({f.kind} · rule #{f.ruleId}) ·{' '}
              {proofWords(f.proves, f.evidence.source)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Program({ program, index, findings }: { program: ProgramItem; index: number; findings: Finding[] }) {
  const id = itemId('programs', index);
  const [status, statusTone] = programStatus(program);
  const [signature, signatureTone] = signatureStatus(program);
  const timeline = chronological(program.timeline);
  return (
    <li id={id} tabIndex={-1} className="program stack" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="mono wrap-anywhere">
        {program.path}
      </h4>
      <p className="row">
        <Badge tone={statusTone}>{status}</Badge>
        <Badge tone={signatureTone}>{signature}</Badge>
      </p>
      <dl className="facts">
        <Fact label="Name">{program.name}</Fact>
        <Fact label="SHA-256">
          {program.sha256 === null ? (
            <span className="muted">—</span>
          ) : (
            <code className="small wrap-anywhere">{program.sha256}</code>
          )}
        </Fact>
        <Signature program={program} />
      </dl>
      <TimeAxis timeline={timeline} />
      {timeline.length === 0 ? (
        <p className="muted">No time is known for this program.</p>
      ) : (
        <ol className="program-timeline" aria-label={`Timeline of ${program.name}`}>
          {timeline.map((e, i) => {
            const words = TIMELINE_WORDS[e.source];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two sources may give the same time.
              <li key={i} className={`source-${e.source}`}>
                <Moment value={e.at} /> <strong>{words.event}</strong>{' '}
                <span className="muted">
                  · said by <span className="timeline-source">{words.source}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <ProgramFindings findings={findings} name={program.name} />
    </li>
  );
}

/**
 * Each program the Windows sources show ran (docs/scan-client.md, "Programs that ran"): whether it is
 * still there, its signature, every time known for it oldest first with the source that said it, and
 * the findings the rules made about it.
 */
export function ProgramTimelines({
  items,
  findings,
  reveal,
}: {
  items: readonly ProgramItem[];
  findings: readonly Finding[];
  /** The program a finding was opened at (-1: none), drawn even past the first page. */
  reveal: number;
}) {
  const [shown, setShown] = useState(PROGRAM_PAGE);
  if (items.length === 0) return <p className="muted">No program is recorded as having run.</p>;
  const byProgram = new Map<number, Finding[]>();
  for (const f of findings) {
    if (f.evidence.source !== 'programs') continue;
    byProgram.set(f.evidence.index, [...(byProgram.get(f.evidence.index) ?? []), f]);
  }
  const limit = Math.max(shown, reveal + 1);
  return (
    <>
      <ul className="plain-list stack">
        {items.slice(0, limit).map((p, i) => (
          <Program key={itemId('programs', i)} program={p} index={i} findings={byProgram.get(i) ?? []} />
        ))}
      </ul>
      {items.length > limit ? (
        <p className="row">
          <span className="muted small">
            Showing {count(limit)} of {count(items.length)} programs.
          </span>
          <Button className="btn-small" onClick={() => setShown(limit + PROGRAM_PAGE)}>
            Show more programs
          </Button>
        </p>
      ) : null}
    </>
  );
}
