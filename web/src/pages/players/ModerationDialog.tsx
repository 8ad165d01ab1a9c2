import { useId, useState } from 'react';
import { useAddNote, useBanPlayer } from '../../api/moderation';
import type { PlayerModeration } from '../../api/types';
import { Button, Dialog, errorText, Notice, SelectField, TextAreaField } from '../../components';
import { reachSentence } from './moderation-words';

export type ModerationAction = 'ban' | 'warning' | 'note';

/** The server's limits (docs/dashboard.md, "The pages": Players, Moderation). */
const REASON_MAX = 500;
const NOTE_MAX = 2000;
const DAY_MS = 86_400_000;

type Duration = 'permanent' | '1' | '7' | '30';
const DURATIONS: ReadonlyArray<readonly [Duration, string]> = [
  ['permanent', 'Permanent'],
  ['1', '1 day'],
  ['7', '7 days'],
  ['30', '30 days'],
];

const WORDS: Record<ModerationAction, { title: string; confirm: string; field: string; hint: string }> = {
  ban: {
    title: 'Ban',
    confirm: 'Ban player',
    field: 'Reason',
    hint: 'What the player did. Other staff read it; a shared ban’s reason shows in every community’s lookup.',
  },
  warning: {
    title: 'Warn',
    confirm: 'Warn player',
    field: 'Reason',
    hint: 'What the player did. Other staff read it; a shared warning’s reason shows in every community’s lookup.',
  },
  note: {
    title: 'Add a note on',
    confirm: 'Save note',
    field: 'Note',
    hint: 'For your staff: what you saw, what was agreed.',
  },
};

/**
 * Ban, warn or add a note: a required reason, a duration for bans and warnings, and before
 * confirming, who will see it (the reach the server answered for this player now).
 */
export function ModerationDialog({
  action,
  playerName,
  discordId,
  moderation,
  onClose,
  onDone,
}: {
  action: ModerationAction | null;
  playerName: string;
  discordId: string;
  moderation: PlayerModeration;
  onClose: () => void;
  onDone: (words: string) => void;
}) {
  const ban = useBanPlayer(discordId, moderation.enterpriseId);
  const note = useAddNote(discordId, moderation.enterpriseId);
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<Duration>('permanent');
  const [missing, setMissing] = useState(false);
  const formId = useId();
  const kind = action ?? 'ban';
  const words = WORDS[kind];
  const mutation = kind === 'note' ? note : ban;

  const close = () => {
    ban.reset();
    note.reset();
    setReason('');
    setDuration('permanent');
    setMissing(false);
    onClose();
  };

  const submit = () => {
    const text = reason.trim();
    if (text === '') {
      setMissing(true);
      return;
    }
    if (kind === 'note') {
      note.mutate(text, {
        onSuccess: () => {
          onDone(`Note saved. Only ${moderation.enterpriseName} sees it.`);
          close();
        },
      });
      return;
    }
    const expiresAt =
      duration === 'permanent' ? null : new Date(Date.now() + Number(duration) * DAY_MS).toISOString();
    ban.mutate(
      { kind, reason: text, expiresAt },
      {
        onSuccess: (entry) => {
          const done = kind === 'ban' ? `${playerName} is banned.` : `${playerName} is warned.`;
          // Why it stays the Enterprise's own is the one read with the page, when the server decided
          // the same reach; else (it changed in between) the sentence says where, without a why.
          const why = entry.reach === moderation.reach ? moderation.reachReason : null;
          onDone(`${done} ${reachSentence(entry.reach, why, kind, moderation.enterpriseName, 'sees')}`);
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={action !== null}
      title={`${words.title} ${playerName}`}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="submit"
            form={formId}
            variant={kind === 'note' ? 'primary' : 'danger'}
            busy={mutation.isPending}
          >
            {words.confirm}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextAreaField
          label={words.field}
          hint={words.hint}
          required
          maxLength={kind === 'note' ? NOTE_MAX : REASON_MAX}
          rows={3}
          value={reason}
          error={missing ? `Write the ${kind === 'note' ? 'note' : 'reason'} first.` : null}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim() !== '') setMissing(false);
          }}
        />
        {kind === 'note' ? null : (
          <SelectField
            label="Duration"
            options={DURATIONS}
            value={duration}
            onChange={(e) => setDuration(e.target.value as Duration)}
          />
        )}
        <p className="moderation-reach">
          {kind === 'note'
            ? `Only ${moderation.enterpriseName} will see this note: notes are never shown to other communities.`
            : reachSentence(
                moderation.reach,
                moderation.reachReason,
                kind,
                moderation.enterpriseName,
                'will see',
              )}
        </p>
        {mutation.isError ? <Notice tone="error">{errorText(mutation.error)}</Notice> : null}
      </form>
    </Dialog>
  );
}
