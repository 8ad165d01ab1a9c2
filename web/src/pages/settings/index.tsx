import { Fragment } from 'react';
import { may, useRoleActions } from '../../api/roles';
import type { RoleAction } from '../../api/types';
import { Badge, EmptyState, ErrorState, Loading, PageHeader, Table } from '../../components';
import { Discord } from './Discord';
import { Invites } from './Invites';
import { Keywords } from './Keywords';
import { Members } from './Members';
import { Passkeys } from './Passkeys';
import { PinQuotas } from './PinQuotas';
import { PlayerView } from './PlayerView';
import { Sessions } from './Sessions';

const SECTION_ACTIONS: RoleAction[] = ['members.manage', 'discord.manage', 'settings.manage'];

/**
 * `/settings`: custom keywords; for each Enterprise, the sections the person's role may use there
 * (members and invites, the Discord app, whether players see their verdict, the PIN quotas:
 * docs/roles.md); the Enterprises they belong to; their passkeys and sessions (docs/dashboard.md,
 * docs/discord.md).
 */
export default function SettingsPage() {
  const { enterprises } = useRoleActions();
  // Each section for whoever's role the server says may use it (docs/roles.md): members and invites,
  // Discord, what players see and the PIN quotas.
  const managed = (enterprises.data ?? []).filter((m) => SECTION_ACTIONS.some((action) => may(m, action)));

  return (
    <>
      <PageHeader title="Settings" />
      <section className="card stack" aria-labelledby="keywords-title">
        <h2 id="keywords-title">Custom keywords</h2>
        <Keywords />
      </section>

      {managed.map((membership) => {
        const { enterprise } = membership;
        return (
          <Fragment key={enterprise.id}>
            {may(membership, 'members.manage') ? (
              <section className="card stack" aria-labelledby={`enterprise-${enterprise.id}-title`}>
                <h2 id={`enterprise-${enterprise.id}-title`}>
                  {enterprise.name}: members and invites{' '}
                  {enterprise.active ? null : <Badge tone="warning">Inactive</Badge>}
                </h2>
                <h3>Members</h3>
                <Members
                  enterpriseId={enterprise.id}
                  enterpriseName={enterprise.name}
                  membership={membership}
                />
                <h3>Invites</h3>
                <Invites enterpriseId={enterprise.id} enterpriseName={enterprise.name} />
              </section>
            ) : null}
            {/* A deactivated Enterprise's servers answer nothing: the server refuses its settings. */}
            {enterprise.active && may(membership, 'discord.manage') ? (
              <section className="card stack" aria-labelledby={`enterprise-${enterprise.id}-discord-title`}>
                <h2 id={`enterprise-${enterprise.id}-discord-title`}>{enterprise.name}: Discord</h2>
                <Discord enterpriseId={enterprise.id} enterpriseName={enterprise.name} />
              </section>
            ) : null}
            {enterprise.active && may(membership, 'settings.manage') ? (
              <section className="card stack" aria-labelledby={`enterprise-${enterprise.id}-players-title`}>
                <h2 id={`enterprise-${enterprise.id}-players-title`}>{enterprise.name}: what players see</h2>
                <PlayerView enterpriseId={enterprise.id} />
              </section>
            ) : null}
            {enterprise.active && may(membership, 'settings.manage') ? (
              <section className="card stack" aria-labelledby={`enterprise-${enterprise.id}-quotas-title`}>
                <h2 id={`enterprise-${enterprise.id}-quotas-title`}>{enterprise.name}: PIN quotas</h2>
                <PinQuotas enterpriseId={enterprise.id} />
              </section>
            ) : null}
          </Fragment>
        );
      })}

      <section className="card stack" aria-labelledby="memberships-title">
        <h2 id="memberships-title">Your Enterprises</h2>
        {enterprises.isPending ? (
          <Loading label="Loading your Enterprises…" />
        ) : enterprises.isError ? (
          <ErrorState error={enterprises.error} onRetry={() => void enterprises.refetch()} />
        ) : enterprises.data.length === 0 ? (
          <EmptyState title="You belong to no Enterprise.">
            An Enterprise owner can invite you; open their invite link to join.
          </EmptyState>
        ) : (
          <Table caption="Enterprises you own or belong to" captionHidden>
            <thead>
              <tr>
                <th scope="col">Enterprise</th>
                <th scope="col">Your role</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {enterprises.data.map(({ enterprise, role }) => (
                <tr key={enterprise.id}>
                  <td className="wrap-anywhere">{enterprise.name}</td>
                  <td>
                    <Badge tone={role === 'owner' ? 'info' : undefined}>
                      {role.charAt(0).toUpperCase() + role.slice(1)}
                    </Badge>
                  </td>
                  <td>
                    {enterprise.active ? (
                      <Badge tone="success">Active</Badge>
                    ) : (
                      <Badge tone="warning">Inactive</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>

      <section className="card stack" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">Passkeys</h2>
        <Passkeys />
      </section>

      <section className="card stack" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <Sessions />
      </section>
    </>
  );
}
