import { EmptyState, ErrorState, Loading, PageHeader } from '../../components';
import { useEnterpriseChoice } from '../../layout/enterprise-choice';
import { useOverview } from './api';
import { ScansChart } from './ScansChart';
import { ActivePins, KeyUsageList, TopDetections } from './UsageCards';

/**
 * `/overview`: how scans ended over 30 days, active PINs against the limit, each key's requests this
 * hour, and the most frequent detections; for the Enterprise chosen in the header, or all of them.
 */
export default function OverviewPage() {
  const { enterpriseId, memberships } = useEnterpriseChoice();
  const overview = useOverview(enterpriseId);
  const chosen = memberships.find((m) => m.enterprise.id === enterpriseId)?.enterprise.name;

  return (
    <>
      <PageHeader title="Overview" />
      <p className="muted">
        {chosen
          ? `Scans and detections of ${chosen}'s PINs.`
          : 'Scans and detections of every PIN you may see.'}{' '}
        Active PINs and requests are your own.
      </p>
      {overview.isPending ? (
        <Loading label="Loading the overview…" />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data.scansPerDay.length === 0 ? (
        <EmptyState title="Nothing to show yet." />
      ) : (
        <>
          <ScansChart days={overview.data.scansPerDay} />
          <div className="overview-grid">
            <ActivePins pins={overview.data.activePins} />
            <KeyUsageList keys={overview.data.keys} />
            <TopDetections detections={overview.data.topDetections} />
          </div>
        </>
      )}
    </>
  );
}
