import { useState } from 'react';
import { useLiftBan, usePlayerModeration } from '../../api/moderation';
import { may } from '../../api/roles';
import type { ModerationEntry, PlayerModeration } from '../../api/types';
import {
  Badge,
  Button,
  ConfirmDialog,
  ErrorState,
  errorText,
  Loading,
  Notice,
  Table,
  Time,
} from '../../components';
import { useEnterpriseChoice } from '../../layout/enterprise-choice';
import { type ModerationAction, ModerationDialog } from './ModerationDialog';
import { KIND, reachLabel, STATUS } from './moderation-words';

/**
 * The player page's moderation panel (docs/dashboard.md, "The pages": Players, Moderation): the
 * chosen Enterprise's bans, warnings and notes on the player, and for roles that may moderate,
 * buttons to add and lift them.
 * Shown to members of an Enterprise only: a licence alone reads players but moderates nothing.
 */
export function Moderation({ discordId, playerName }: { discordId: string; playerName: string }) {
  const { enterpriseId: chosen, memberships } = useEnterpriseChoice();
  // With no Enterprise chosen, the server's own choice (docs/dashboard.md, "The pages": Players),
  // named here so that a viewer-only member still reads theirs: the one owned, else the first that
  // may moderate, else the first at all.
  const enterpriseId =
    chosen ??
    (
      memberships.find((m) => m.role === 'owner') ??
      memberships.find((m) => may(m, 'player.moderate')) ??
      memberships.find((m) => may(m, 'results.read'))
    )?.enterprise.id ??
    null;
  const moderation = usePlayerModeration(discordId, enterpriseId, enterpriseId !== null);
  if (enterpriseId === null) return null;

  return (
    <section className="card stack player-section moderation" aria-labelledby="moderation-title">
      <h3 id="moderation-title">Moderation</h3>
      {moderation.isPending ? (
        <Loading label="Loading bans, warnings and notes…" />
      ) : moderation.isError ? (
        <ErrorState
          error={moderation.error}
          title="Moderation could not be loaded"
          onRetry={() => void moderation.refetch()}
        />
      ) : (
        <Panel
          discordId={discordId}
          playerName={playerName}
          moderation={moderation.data}
          several={memberships.length > 1 && chosen === null}
        />
      )}
    </section>
  );
}

function Panel({
  discordId,
  playerName,
  moderation,
  several,
}: {
  discordId: string;
  playerName: string;
  moderation: PlayerModeration;
  /** The person is in several Enterprises and chose none: say which one this is, and how to change it. */
  several: boolean;
}) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { enterpriseName, mayModerate, known } = moderation;

  return (
    <>
      <p className="muted">
        {enterpriseName}’s bans, warnings and notes on this player.
        {several ? ' Choose another Enterprise in the header to see or act for it.' : null}
      </p>
      {!known ? (
        <p>
          {enterpriseName} has no scan of this player, so there is nothing to moderate. Scan the player with
          one of {enterpriseName}’s PINs first.
        </p>
      ) : mayModerate ? (
        <div className="row">
          <Button variant="danger" onClick={() => setAction('ban')}>
            Ban
          </Button>
          <Button onClick={() => setAction('warning')}>Warn</Button>
          <Button onClick={() => setAction('note')}>Add note</Button>
        </div>
      ) : (
        <p className="muted">Your role in {enterpriseName} lets you read these, not add or lift them.</p>
      )}
      {done ? <Notice tone="success">{done}</Notice> : null}
      <Entries discordId={discordId} moderation={moderation} onDone={setDone} />
      <ModerationDialog
        action={action}
        playerName={playerName}
        discordId={discordId}
        moderation={moderation}
        onClose={() => setAction(null)}
        onDone={setDone}
      />
    </>
  );
}

function Entries({
  discordId,
  moderation,
  onDone,
}: {
  discordId: string;
  moderation: PlayerModeration;
  onDone: (words: string) => void;
}) {
  const lift = useLiftBan(discordId);
  const [lifting, setLifting] = useState<ModerationEntry | null>(null);
  const { enterpriseName, mayModerate, entries } = moderation;

  if (entries.length === 0) {
    return <p className="muted">{enterpriseName} has no bans, warnings or notes on this player.</p>;
  }
  const liftable = (e: ModerationEntry) => mayModerate && e.kind !== 'note' && e.status === 'active';
  const noun = lifting?.kind === 'warning' ? 'warning' : 'ban';
  const cancel = () => {
    setLifting(null);
    lift.reset();
  };

  return (
    <>
      <Table caption={`${enterpriseName}’s bans, warnings and notes`} captionHidden>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Reason</th>
            <th scope="col">Seen by</th>
            <th scope="col">Status</th>
            <th scope="col">When</th>
            <th scope="col">By</th>
            {mayModerate ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const [kind, kindTone] = KIND[e.kind];
            const [status, statusTone] = STATUS[e.status];
            return (
              <tr key={e.id} className={e.status === 'active' ? undefined : 'row-expired'}>
                <td>
                  <Badge tone={kindTone}>{kind}</Badge>
                </td>
                <td className="wrap-anywhere">{e.reason}</td>
                <td>{reachLabel(e.reach, enterpriseName)}</td>
                <td>
                  {e.kind === 'note' ? (
                    <span className="muted">—</span>
                  ) : (
                    <Badge tone={statusTone}>{status}</Badge>
                  )}
                </td>
                <td>
                  <Time value={e.createdAt} />
                  {e.liftedAt ? (
                    <div className="small muted">
                      lifted <Time value={e.liftedAt} />
                    </div>
                  ) : e.kind !== 'note' ? (
                    <div className="small muted">
                      {e.expiresAt ? (
                        <>
                          {e.status === 'expired' ? 'ended' : 'until'} <Time value={e.expiresAt} />
                        </>
                      ) : (
                        'permanent'
                      )}
                    </div>
                  ) : null}
                </td>
                <td>{e.createdBy ?? <span className="muted">Erased account</span>}</td>
                {mayModerate ? (
                  <td>
                    {liftable(e) ? (
                      <Button className="btn-small" onClick={() => setLifting(e)}>
                        Lift
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog
        open={lifting !== null}
        title={`Lift this ${noun}?`}
        confirmLabel={`Lift ${noun}`}
        busy={lift.isPending}
        onCancel={cancel}
        onConfirm={() => {
          if (lifting === null) return;
          lift.mutate(lifting.id, {
            onSuccess: () => {
              onDone(`The ${noun} is lifted.`);
              cancel();
            },
          });
        }}
      >
        <p className="wrap-anywhere">“{lifting?.reason}”</p>
        <p>
          It stops counting at once{lifting?.reach === 'shared' ? ', in every community' : ''}: the player’s
          status and risk score no longer include it. It stays in this list as lifted.
        </p>
        {lift.isError ? <Notice tone="error">{errorText(lift.error)}</Notice> : null}
      </ConfirmDialog>
    </>
  );
}
