import { isWithin } from './isoDate';
import { ClusteredPool, SectionItem, TrainingSnapshot } from './types';

/** Spec §3 "Cluster summary": the cluster id (its list index), its size and its first item. */
export interface ClusterSummary {
  clusterId: number;
  totalCount: number;
  first: SectionItem;
}

/** One wizard entry, with the sub-cluster it belongs to (k of K, 1-based) when it has one. */
export interface WizardEntry {
  item: SectionItem;
  subCluster: { k: number; of: number } | null;
}

/** The newest snapshot: its cluster ids are the ones the cards and the wizard share. */
export function newestSnapshot(snapshots: TrainingSnapshot[]): TrainingSnapshot | undefined {
  return newestFirst(snapshots)[0];
}

function newestFirst(snapshots: TrainingSnapshot[]): TrainingSnapshot[] {
  return [...snapshots].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** The clusters with at least one item in start..end, in cluster-id order. */
export function clusterSummaries(pool: ClusteredPool | undefined, start: string, end: string): ClusterSummary[] {
  return (pool?.clusters ?? []).flatMap((items, clusterId) => {
    const included = (items ?? []).filter((item) => isWithin(item.published_date, start, end));
    return included.length > 0 ? [{ clusterId, totalCount: included.length, first: included[0] }] : [];
  });
}

/**
 * Cluster `clusterId`'s items in start..end, sub-cluster by sub-cluster (`subClusters` holds
 * positions into the whole cluster); items in no sub-cluster come last. K counts only the
 * sub-clusters that keep an item in the range.
 */
export function wizardEntries(pool: ClusteredPool | undefined, clusterId: number, start: string, end: string): WizardEntry[] {
  const cluster = pool?.clusters?.[clusterId] ?? [];
  const included = (position: number) => cluster[position] !== undefined && isWithin(cluster[position].published_date, start, end);
  const seen = new Set<number>();
  // A cluster lists its most representative items first, so the sub-cluster holding the earliest
  // item comes first and each keeps cluster order: entry 1 is the card's example section.
  const groups = (pool?.subClusters?.[clusterId] ?? [])
    .map((positions) =>
      [...positions]
        .sort((a, b) => a - b)
        .filter((p) => {
          if (seen.has(p) || !included(p)) return false;
          seen.add(p);
          return true;
        }),
    )
    .filter((positions) => positions.length > 0)
    .sort((a, b) => a[0] - b[0]);
  const entries: WizardEntry[] = groups.flatMap((positions, s) => positions.map((p) => ({ item: cluster[p], subCluster: { k: s + 1, of: groups.length } })));
  cluster.forEach((item, p) => {
    if (!seen.has(p) && included(p)) entries.push({ item, subCluster: null });
  });
  return entries;
}

/** The wizard's snapshot: the newest one that has the cluster (the job's, when a job is given). */
export function snapshotWithCluster(snapshots: TrainingSnapshot[], clusterId: number): TrainingSnapshot | undefined {
  const sorted = newestFirst(snapshots);
  return sorted.find((snapshot) => (snapshot.data?.sections?.clusters?.length ?? 0) > clusterId) ?? sorted[0];
}
