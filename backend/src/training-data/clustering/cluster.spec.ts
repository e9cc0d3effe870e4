import { createHash } from 'node:crypto';
import { adjustedRandIndex, generateLabelledSections } from '../../../../test/fakes/labelled-sections';
import { generateLabelledSectionsB } from '../../../../test/fakes/labelled-sections-b';
import type { Clustering, SectionItem } from '@quire/shared';
import { clusterItems } from './cluster';

const section = (uuid: string, heading: string, children: SectionItem['children'] = [{ type: 'p', text: 'Some text.' }]): SectionItem => ({
  published_date: null,
  heading: heading.toLowerCase(),
  originalHeading: heading,
  children,
  uuid,
  article_uuid: `article-${uuid}`,
});

/** The clustering told by uuids, so that two runs over differently ordered items compare. */
const byUuid = (items: SectionItem[], clustering: Clustering) => ({
  clusters: clustering.clusters.map((cluster) => cluster.map((i) => items[i].uuid)),
  subClusters: clustering.subClusters,
});

/** A deterministic shuffle (the items' own order must not matter, so any permutation will do). */
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  let state = 7;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe(clusterItems.name, () => {
  const { items, labels } = generateLabelledSections(400, 11);

  it('should return no clusters when there are no items', () => {
    expect(clusterItems([])).toEqual({ clusters: [], subClusters: [] });
  });

  it('should return one cluster with one sub-cluster when there is one item', () => {
    expect(clusterItems([section('a', 'FAQ')])).toEqual({ clusters: [[0]], subClusters: [[[0]]] });
  });

  it('should make a single sub-cluster when a cluster has two items', () => {
    const { clusters, subClusters } = clusterItems([section('a', 'Final thoughts'), section('b', 'Conclusion')]);
    expect(clusters).toHaveLength(1);
    expect(subClusters[0]).toHaveLength(1);
    expect([...subClusters[0][0]].sort()).toEqual([0, 1]);
  });

  it('should give the same clustering when run twice on the same items', () => {
    expect(clusterItems(items)).toEqual(clusterItems(items));
  });

  it('should give the same clustering when the items come in another order', () => {
    const reordered = shuffled(items);
    expect(byUuid(reordered, clusterItems(reordered))).toEqual(byUuid(items, clusterItems(items)));
  });

  it('should place every item in exactly one cluster, largest cluster first, when clustering a pool', () => {
    const { clusters } = clusterItems(items);
    expect(clusters.flat().sort((a, b) => a - b)).toEqual(items.map((_, i) => i));
    const sizes = clusters.map((cluster) => cluster.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('should cover the positions of each cluster exactly once when splitting it into sub-clusters', () => {
    const { clusters, subClusters } = clusterItems(items);
    expect(subClusters).toHaveLength(clusters.length);
    clusters.forEach((cluster, c) => {
      expect(subClusters[c].length).toBeGreaterThanOrEqual(1);
      expect(subClusters[c].length).toBeLessThanOrEqual(8);
      expect(subClusters[c].flat().sort((a, b) => a - b)).toEqual(cluster.map((_, position) => position));
    });
  });

  it('should put the item nearest to the centroid first when ordering a cluster', () => {
    // Two tight groups; in each, the item on the group's axis is the most central, though its uuid sorts last.
    const vectors = [
      [1, 0, 0.3],
      [1, 0, -0.3],
      [1, 0, 0],
      [0, 1, 0.3],
      [0, 1, -0.3],
      [0, 1, 0],
    ];
    const pool = ['a1', 'b1', 'c1', 'a2', 'b2', 'c2'].map((uuid) => section(uuid, 'Overview'));
    const { clusters } = clusterItems(pool, { vectors });
    expect(clusters.map((cluster) => pool[cluster[0]].uuid).sort()).toEqual(['c1', 'c2']);
  });

  it('should follow the embeddings rather than the text when vectors are given', () => {
    const pool = items.slice(0, 120);
    // Embeddings that split the items by the parity of their index, whatever their kind.
    const vectors = pool.map((_, i) => (i % 2 === 0 ? [1, 0, 0.01 * (i % 7), 0] : [0, 1, 0, 0.01 * (i % 5)]));
    const parity = (clustering: Clustering) => clustering.clusters.map((cluster) => new Set(cluster.map((i) => i % 2)).size);

    const withVectors = clusterItems(pool, { vectors });
    expect(withVectors.clusters).toHaveLength(2);
    expect(parity(withVectors)).toEqual([1, 1]);
    expect(parity(clusterItems(pool)).some((kinds) => kinds === 2)).toBe(true);
  });

  it('should refuse embeddings when their count differs from the items', () => {
    expect(() => clusterItems(items.slice(0, 3), { vectors: [[1, 0]] })).toThrow('1 embeddings for 3 items');
  });

  it('should reach an adjusted Rand index of at least 0.8 against the kinds when clustering 2,000 generated sections', () => {
    const pool = generateLabelledSections(2000, 3);
    const { clusters } = clusterItems(pool.items);
    const predicted = new Array<number>(pool.items.length);
    clusters.forEach((cluster, c) => cluster.forEach((i) => (predicted[i] = c)));
    expect(clusters.length).toBeLessThanOrEqual(64);
    expect(adjustedRandIndex(pool.labels, predicted)).toBeGreaterThanOrEqual(0.8);
  });

  it.each([
    ['the first labelled set', generateLabelledSections],
    ['the second labelled set (other topics and wordings, 1 to 40 sentences)', generateLabelledSectionsB],
  ])(
    'should reach an adjusted Rand index of at least 0.95 against the kinds, the same in any order, when clustering 1,000 sections of %s',
    (_name, generate) => {
      const pool = generate(1000, 5);
      const clustering = clusterItems(pool.items);
      const predicted = new Array<number>(pool.items.length);
      clustering.clusters.forEach((cluster, c) => cluster.forEach((i) => (predicted[i] = c)));
      expect(adjustedRandIndex(pool.labels, predicted)).toBeGreaterThanOrEqual(0.95);
      const reordered = shuffled(pool.items);
      expect(byUuid(reordered, clusterItems(reordered))).toEqual(byUuid(pool.items, clustering));
    },
  );

  // Recorded from the clusterer as it was before its speed-ups (bounds that skip scoring,
  // features hashed without strings): work on its speed must leave what it finds exactly as it was.
  // 21,000 sections go through the sample of 20,000 and then the whole pool.
  it.each([
    ['the first labelled set', 3000, generateLabelledSections, 'e2984d49353e9b37'],
    ['the second labelled set', 3000, generateLabelledSectionsB, 'eeb1f3a72216adab'],
    ['the second labelled set', 21000, generateLabelledSectionsB, '809fe116cc31d073'],
  ])(
    'should give exactly the recorded clustering when clustering %s at %i sections',
    (_name, count, generate, fingerprint) => {
      const clustering = clusterItems(generate(count, 9).items);
      expect(createHash('sha256').update(JSON.stringify(clustering)).digest('hex').slice(0, 16)).toBe(fingerprint);
    },
    30_000,
  );

  it('should tell the kinds apart better than chance when the pool is small', () => {
    const predicted = new Array<number>(items.length);
    clusterItems(items).clusters.forEach((cluster, c) => cluster.forEach((i) => (predicted[i] = c)));
    expect(adjustedRandIndex(labels, predicted)).toBeGreaterThan(0.5);
  });
});

describe(adjustedRandIndex.name, () => {
  it('should be 1 when two labelings group the items alike under other names', () => {
    expect(adjustedRandIndex([0, 0, 1, 1, 2], [5, 5, 3, 3, 9])).toBe(1);
  });

  it('should be at most 0 when one labeling puts everything together', () => {
    expect(adjustedRandIndex([0, 0, 1, 1, 2, 2], [0, 0, 0, 0, 0, 0])).toBeLessThanOrEqual(0);
  });
});
