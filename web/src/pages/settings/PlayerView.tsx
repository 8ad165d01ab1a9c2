import { CheckboxField, ErrorState, errorText, Loading, Notice } from '../../components';
import { useEnterpriseSettings, useSaveEnterpriseSettings } from './api';

/**
 * "Show players their verdict" (docs/dashboard.md): off by default, so the scanner tells a player
 * only that the scan is complete; a cheater who saw the verdict at once would learn whether a bypass
 * worked. Saved as soon as it is changed; the change is in the audit trail.
 */
export function PlayerView({ enterpriseId }: { enterpriseId: number }) {
  const settings = useEnterpriseSettings(enterpriseId);
  const save = useSaveEnterpriseSettings(enterpriseId);

  if (settings.isPending) return <Loading label="Loading the settings…" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const shown = settings.data.verdictToPlayers;
  return (
    <>
      <CheckboxField
        label="Show players their verdict"
        hint="When on, the scanner shows the player the verdict at the end of the scan. When off, it says only that the scan is complete and that your staff have the result, so a cheater cannot test whether a bypass works."
        checked={shown}
        onChange={(event) => save.mutate({ verdictToPlayers: event.currentTarget.checked })}
      />
      {save.isError ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
      {save.isSuccess ? (
        <Notice tone="success">
          {shown ? 'Players now see their verdict.' : 'Players no longer see their verdict.'}
        </Notice>
      ) : null}
    </>
  );
}
