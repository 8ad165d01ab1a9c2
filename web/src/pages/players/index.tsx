import { useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { EmptyState, ErrorState, Loading, PageHeader } from '../../components';
import { DISCORD_ID, usePlayer } from './api';
import { BansAndReasons } from './BansAndReasons';
import { Moderation } from './Moderation';
import { PlayerSearch } from './PlayerSearch';
import { PlayerSummary } from './PlayerSummary';
import { RelatedAccounts } from './RelatedAccounts';
import { ScanHistory } from './ScanHistory';

/**
 * `/players` and `/players/:discordId`: look a player up by Discord ID and review them: risk score,
 * scans, bans, reasons and accounts on the same hardware (docs/risk-score.md, docs/api.md "Players").
 */
export default function PlayersPage() {
  const { discordId } = useParams();
  return (
    <>
      <PageHeader title="Players" />
      <PlayerSearch current={discordId} />
      {discordId === undefined ? (
        <EmptyState title="Look a player up by Discord ID.">
          See their risk score, their scans, bans and warnings, and other accounts seen on the same hardware.
        </EmptyState>
      ) : !DISCORD_ID.test(discordId) ? (
        <EmptyState title="That is not a Discord ID.">A Discord ID is 17 to 20 digits.</EmptyState>
      ) : (
        <Player discordId={discordId} />
      )}
    </>
  );
}

function Player({ discordId }: { discordId: string }) {
  const player = usePlayer(discordId);

  if (player.isPending) return <Loading label="Loading the player…" />;
  if (player.isError) {
    if (isApiError(player.error, 'licence_required')) {
      return (
        <EmptyState title="Reading players needs a licence.">
          Looking players up needs an active licence on your account or membership of an active Enterprise.
          Ask your operator for a licence, or an Enterprise owner for an invite.
        </EmptyState>
      );
    }
    return <ErrorState error={player.error} onRetry={() => void player.refetch()} />;
  }

  const { riskScore, lookup, scans } = player.data;
  if (!riskScore.found && !lookup.found && scans.length === 0) {
    return (
      <EmptyState title="No scans of this player.">
        No scan has named Discord ID <span className="mono">{discordId}</span> yet. Check the ID, or scan the
        player first.
      </EmptyState>
    );
  }

  const name = lookup.found ? lookup.username : discordId;
  return (
    <article aria-labelledby="player-title">
      <h2 id="player-title" className="player-title">
        {name} <span className="muted mono small">{discordId}</span>
      </h2>
      {lookup.found ? (
        <p className="muted">
          Seen from <time dateTime={lookup.firstSeen}>{new Date(lookup.firstSeen).toLocaleDateString()}</time>{' '}
          to <time dateTime={lookup.lastSeen}>{new Date(lookup.lastSeen).toLocaleDateString()}</time> on{' '}
          {lookup.totalHwids} hardware {lookup.totalHwids === 1 ? 'ID' : 'IDs'}.
        </p>
      ) : null}
      {riskScore.found ? <PlayerSummary risk={riskScore} lookup={lookup.found ? lookup : null} /> : null}
      <Moderation discordId={discordId} playerName={name} />
      <ScanHistory scans={scans} />
      {lookup.found ? (
        <>
          <BansAndReasons bans={lookup.bans} reasons={lookup.reasons} />
          <RelatedAccounts username={lookup.username} related={lookup.relatedAccounts} />
        </>
      ) : null}
    </article>
  );
}
