import { Fragment, useEffect, useState } from 'react';
import {
  useCreateConnectCode,
  useDisconnectGuild,
  useDiscordSettings,
  useSetStaffRoles,
} from '../../api/discord';
import type { DiscordGuild } from '../../api/types';
import {
  Button,
  ButtonAnchor,
  ConfirmDialog,
  CopyButton,
  EmptyState,
  ErrorState,
  errorText,
  Loading,
  Notice,
  Table,
  TextAreaField,
  Time,
} from '../../components';
import { DISCORD_APP_COMMANDS, STAFF_COMMANDS } from './discord-commands';
import { MAX_STAFF_ROLES, parseRoleIds } from './staff-roles';

/**
 * The built-in Discord app for one Enterprise its owner holds (docs/discord.md, "Connecting a
 * server"): the invite link, a one-time connect code, and the connected servers with their staff roles.
 */
export function Discord({ enterpriseId, enterpriseName }: { enterpriseId: number; enterpriseName: string }) {
  const settings = useDiscordSettings(enterpriseId);

  if (settings.isPending) return <Loading label="Loading the Discord settings…" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;

  const { appConfigured, inviteUrl, guilds } = settings.data;
  if (!appConfigured) {
    return (
      <p className="muted">
        The operator has not set up scanpin's Discord app on this server yet, so it cannot be added to a
        Discord server. Ask your operator to set it up (docs/discord.md).
      </p>
    );
  }

  return (
    <div className="stack">
      <p>Staff of a connected Discord server use the app's commands there:</p>
      <ul className="plain-list">
        {DISCORD_APP_COMMANDS.map((command) => (
          <li key={command.name}>
            <code>{command.name}</code>: {command.what}
          </li>
        ))}
      </ul>
      <h3>1. Add the app to your server</h3>
      {inviteUrl ? (
        <p>
          <ButtonAnchor href={inviteUrl} target="_blank" rel="noreferrer">
            Invite the app to your server <span aria-hidden="true">↗</span>
          </ButtonAnchor>
        </p>
      ) : null}
      <h3>2. Connect it to {enterpriseName}</h3>
      <ConnectCode enterpriseId={enterpriseId} />
      <h3>Connected servers</h3>
      <GuildList
        enterpriseId={enterpriseId}
        enterpriseName={enterpriseName}
        guilds={guilds}
        busy={settings.isFetching}
      />
      <p>
        <Button variant="ghost" className="btn-small" onClick={() => void settings.refetch()}>
          Check for newly connected servers
        </Button>
      </p>
    </div>
  );
}

/** "Make a connect code": the code large, with its expiry and the command to type in Discord. */
function ConnectCode({ enterpriseId }: { enterpriseId: number }) {
  const create = useCreateConnectCode(enterpriseId);
  const made = create.data;
  const command = made ? `/scanpin connect code:${made.code}` : '';

  return (
    <div className="stack">
      <p>
        A connect code ties one Discord server to this Enterprise. It is valid for 30 minutes and works once.
      </p>
      <p>
        <Button variant="primary" busy={create.isPending} onClick={() => create.mutate()}>
          Make a connect code
        </Button>
      </p>
      {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      {made ? (
        <div className="notice notice-success stack connect-code" role="status">
          <div className="row">
            <span className="pin-code-large" data-testid="connect-code">
              {made.code}
            </span>
            <CopyButton text={made.code} label="Copy the connect code" />
          </div>
          <p>
            Valid until <Time value={made.expiresAt} relativeToo />.{' '}
            <strong>Copy it now: it is not shown again.</strong>
          </p>
          <p>
            In your server, a member with Manage Server types <code className="wrap-anywhere">{command}</code>{' '}
            <CopyButton text={command} label="Copy the command" />
          </p>
        </div>
      ) : null}
    </div>
  );
}

function GuildList({
  enterpriseId,
  enterpriseName,
  guilds,
  busy,
}: {
  enterpriseId: number;
  enterpriseName: string;
  guilds: DiscordGuild[];
  busy: boolean;
}) {
  const disconnect = useDisconnectGuild(enterpriseId);
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <div className="stack">
      {disconnect.isError ? <Notice tone="error">{errorText(disconnect.error)}</Notice> : null}
      {guilds.length === 0 ? (
        <EmptyState title="No server connected yet.">
          Invite the app, make a connect code, and type the command in your server.
        </EmptyState>
      ) : (
        <Table caption={`Discord servers connected to ${enterpriseName}`} captionHidden busy={busy}>
          <thead>
            <tr>
              <th scope="col">Server ID</th>
              <th scope="col">Connected</th>
              <th scope="col">Staff roles</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {guilds.map((guild) => (
              <tr key={guild.guildId} data-guild={guild.guildId}>
                <td className="mono">{guild.guildId}</td>
                <td>
                  <Time value={guild.connectedAt} />
                </td>
                <td className="staff-roles-cell">
                  <StaffRoles enterpriseId={enterpriseId} guild={guild} />
                </td>
                <td>
                  <Button
                    variant="danger"
                    className="btn-small"
                    aria-label={`Disconnect server ${guild.guildId}`}
                    onClick={() => setConfirming(guild.guildId)}
                  >
                    Disconnect
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Disconnect server ${confirming ?? ''}?`}
        confirmLabel="Disconnect server"
        danger
        busy={disconnect.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming !== null) disconnect.mutate(confirming, { onSettled: () => setConfirming(null) });
        }}
      >
        <p>
          Its members'{' '}
          {STAFF_COMMANDS.map((name, i) => (
            <Fragment key={name}>
              {i === 0 ? '' : i === STAFF_COMMANDS.length - 1 ? ' and ' : ', '}
              <code>{name}</code>
            </Fragment>
          ))}{' '}
          are refused from then on. Connecting it again takes a new connect code.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** One server's staff role IDs, edited as text and saved with PUT. */
function StaffRoles({ enterpriseId, guild }: { enterpriseId: number; guild: DiscordGuild }) {
  const save = useSetStaffRoles(enterpriseId);
  const savedText = guild.staffRoleIds.join(', ');
  const [draft, setDraft] = useState(savedText);
  const [error, setError] = useState<string | null>(null);

  // After a save (or a reload), show what the server kept.
  useEffect(() => setDraft(savedText), [savedText]);

  return (
    <form
      className="stack"
      aria-label={`Staff roles of server ${guild.guildId}`}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseRoleIds(draft);
        if ('error' in parsed) {
          setError(parsed.error);
          save.reset();
          return;
        }
        setError(null);
        save.mutate({ guildId: guild.guildId, staffRoleIds: parsed.ids });
      }}
    >
      <TextAreaField
        label="Staff role IDs"
        hint={`Separated by commas, spaces or new lines; ${MAX_STAFF_ROLES} at most. Members with Manage Server are always staff.`}
        rows={2}
        spellCheck={false}
        autoComplete="off"
        value={draft}
        error={error}
        onChange={(e) => {
          setDraft(e.target.value);
          save.reset();
        }}
      />
      <div className="row">
        <Button type="submit" className="btn-small" busy={save.isPending}>
          Save staff roles
        </Button>
        {save.isSuccess ? <Notice tone="success">Staff roles saved.</Notice> : null}
      </div>
      {save.isError ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
    </form>
  );
}
