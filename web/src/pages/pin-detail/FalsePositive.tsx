import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Badge, Button, ConfirmDialog, errorText, Notice, TextAreaField, Time } from '../../components';
import type { FalsePositiveMark } from './evidence-api';

/*
 * Staff's "this finding is wrong" (docs/dashboard.md, "Evidence"; docs/rules.md, "Rule quality"): one
 * mark per rule in a scan, through PUT/DELETE /app/api/pins/:code/findings/:ruleId/false-positive. It
 * counts against the rule for the operator and never changes the verdict.
 */

const NOTE_MAX = 500;

function findingPath(code: string, ruleId: number) {
  return `/app/api/pins/${encodeURIComponent(code)}/findings/${ruleId}/false-positive`;
}

/** Marks and unmarks refresh the evidence answer, which lists the marks. */
function useFalsePositive(code: string) {
  const client = useQueryClient();
  const refresh = () =>
    client.invalidateQueries({ queryKey: [...queryKeys.pins.all, 'evidence', code.toUpperCase()] });
  const mark = useMutation({
    mutationFn: ({ ruleId, note }: { ruleId: number; note: string }) =>
      request<void>(findingPath(code, ruleId), { method: 'PUT', body: { note: note.trim() || null } }),
    onSuccess: refresh,
  });
  const unmark = useMutation({
    mutationFn: (ruleId: number) => request<void>(findingPath(code, ruleId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { mark, unmark };
}

/** A finding's review cell: marked (by whom, when, why) with a way back, or the action to mark it. */
export function FalsePositiveCell({
  code,
  ruleId,
  rule,
  places,
  mark: current,
  mayReview,
}: {
  code: string;
  ruleId: number;
  rule: string;
  /** How many findings of this rule the scan lists: one mark covers them all. */
  places: number;
  mark: FalsePositiveMark | undefined;
  /** A viewer sees the marks and makes none (docs/roles.md). */
  mayReview: boolean;
}) {
  const { mark, unmark } = useFalsePositive(code);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');

  if (current !== undefined) {
    return (
      <div className="stack">
        <Badge tone="neutral">False positive</Badge>
        <div className="small muted">
          marked by {current.markedBy.name ?? `account ${current.markedBy.accountId}`}{' '}
          <Time value={current.markedAt} />
        </div>
        {current.note ? <div className="small wrap-anywhere">“{current.note}”</div> : null}
        {mayReview ? (
          <Button
            className="btn-small"
            busy={unmark.isPending}
            onClick={() => unmark.mutate(ruleId)}
            aria-label={`Unmark ${rule} as a false positive`}
          >
            Unmark
          </Button>
        ) : null}
        {unmark.isError ? <Notice tone="error">{errorText(unmark.error)}</Notice> : null}
      </div>
    );
  }

  if (!mayReview) return null;
  return (
    <>
      <Button className="btn-small" onClick={() => setConfirming(true)}>
        Mark as false positive
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Mark ${rule} as a false positive?`}
        confirmLabel="Mark as false positive"
        busy={mark.isPending}
        onCancel={() => {
          setConfirming(false);
          mark.reset();
        }}
        onConfirm={() =>
          mark.mutate(
            { ruleId, note },
            {
              onSuccess: () => {
                setConfirming(false);
                setNote('');
              },
            },
          )
        }
      >
        <p>
          You say this scan’s {places === 1 ? 'finding' : `${places} findings`} of rule {rule} (#{ruleId}) are
          wrong. The server operator sees it against the rule, to fix it before it wrongs other players.
        </p>
        <p>
          <strong>The verdict and the results do not change.</strong> What to do about this scan (lifting a
          ban, scanning again) is up to you. You can unmark it later.
        </p>
        <TextAreaField
          label="Note for the operator (optional)"
          hint="Why it is wrong: the mod or program it matched, its version."
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {mark.isError ? <Notice tone="error">{errorText(mark.error)}</Notice> : null}
      </ConfirmDialog>
    </>
  );
}
