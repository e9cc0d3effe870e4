import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { snapshotWithCluster, wizardEntries } from './clusters';
import { fromIsoDate } from './isoDate';
import { useSnapshots } from './useSnapshots';

/**
 * The wizard's query (id = cluster index, start, end, and job when it came from a job's clusters)
 * and the cluster's entries in that range. Snapshots are fetched whole: sub-clusters are
 * positions into the unfiltered cluster.
 */
export function useWizardEntries() {
  const [params] = useSearchParams();
  const idParam = params.get('id') ?? '';
  const clusterId = /^\d+$/.test(idParam) ? Number(idParam) : null;
  const start = fromIsoDate(params.get('start')) ? params.get('start') : null;
  const end = fromIsoDate(params.get('end')) ? params.get('end') : null;
  const job = params.get('job');
  const valid = clusterId !== null && !!start && !!end;

  const snapshots = useSnapshots({ jobId: job }, valid);
  const snapshot = useMemo(
    () => (snapshots.data && clusterId !== null ? snapshotWithCluster(snapshots.data, clusterId) : undefined),
    [snapshots.data, clusterId],
  );
  const entries = useMemo(
    () => (snapshot && clusterId !== null && start && end ? wizardEntries(snapshot.data?.sections, clusterId, start, end) : []),
    [snapshot, clusterId, start, end],
  );

  return {
    valid,
    clusterId,
    start,
    end,
    jobId: job ?? snapshot?.jobId ?? null,
    entries,
    isPending: valid && snapshots.isPending,
  };
}
