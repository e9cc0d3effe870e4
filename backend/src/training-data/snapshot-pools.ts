import { clusterItems } from './clustering/cluster';
import { articleItems } from './parser/section-items';
import { ClusteredPool, ParsedArticle, SectionItem } from '@quire/shared';

interface PoolItems {
  h1sAndIntros: SectionItem[];
  sections: SectionItem[];
}

/** The two pools of a crawl's articles; an article reached under two URLs counts once. */
export function collectItems(articles: Iterable<ParsedArticle>): PoolItems {
  const seen = new Set<string>();
  const pools: PoolItems = { h1sAndIntros: [], sections: [] };
  for (const article of articles) {
    if (seen.has(article.url)) continue;
    seen.add(article.url);
    const { intro, sections } = articleItems(article);
    pools.h1sAndIntros.push(intro);
    pools.sections.push(...sections);
  }
  return pools;
}

/** Clusters one pool; `vectors` (embeddings, in item order) replace the text features when given. */
export function clusterPool(items: SectionItem[], vectors?: number[][]): ClusteredPool {
  const { clusters, subClusters } = clusterItems(items, vectors ? { vectors } : undefined);
  return { clusters: clusters.map((members) => members.map((index) => items[index])), subClusters };
}

export function poolCounts(pool: ClusteredPool): { clusters: number; subClusters: number } {
  return { clusters: pool.clusters.length, subClusters: pool.subClusters.reduce((sum, subs) => sum + subs.length, 0) };
}

/** Inclusive date range of spec §5; either end may be open. Dates compare as yyyy-MM-dd. */
interface DateRange {
  start: string | null;
  end: string | null;
}

/**
 * Keeps the items published within the range (an item without a date is left out once a range
 * is given). Clusters keep their list index, since the index is the cluster id; sub-cluster
 * positions are renumbered to the kept items, and emptied sub-clusters dropped.
 */
export function filterPool(pool: ClusteredPool, range: DateRange): ClusteredPool {
  if (!range.start && !range.end) return pool;
  const inRange = (item: SectionItem) =>
    item.published_date !== null && (!range.start || item.published_date >= range.start) && (!range.end || item.published_date <= range.end);
  const clusters: SectionItem[][] = [];
  const subClusters: number[][][] = [];
  pool.clusters.forEach((items, c) => {
    const newPosition = new Map<number, number>();
    const kept: SectionItem[] = [];
    items.forEach((item, position) => {
      if (inRange(item)) {
        newPosition.set(position, kept.length);
        kept.push(item);
      }
    });
    clusters.push(kept);
    subClusters.push(
      (pool.subClusters[c] ?? [])
        .map((positions) => positions.filter((p) => newPosition.has(p)).map((p) => newPosition.get(p)!))
        .filter((positions) => positions.length > 0),
    );
  });
  return { clusters, subClusters };
}
