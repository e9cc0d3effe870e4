/**
 * The `count` texts nearest to `query` by the words they share, for a workspace with no embedding
 * model to ask (no OpenAI key): each text a TF-IDF vector of its lower-cased words (idf over the
 * texts, smoothed: a word every example has weighs little), compared by cosine similarity. Ties go to the earlier index (the
 * set's order), as with embeddings. Cheap enough to make afresh for each choice: a set is a few
 * thousand short messages at most.
 */
export function lexicalNearest(query: string, texts: string[], count: number): number[] {
  if (count <= 0 || texts.length === 0) return [];
  const documents = texts.map(termCounts);
  const asked = termCounts(query);
  const documentFrequency = new Map<string, number>();
  for (const terms of documents) for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const total = documents.length;
  const weigh = (terms: Map<string, number>) => {
    const vector = new Map<string, number>();
    for (const [term, n] of terms) {
      // A word of the message no example has cannot bring one nearer.
      const df = documentFrequency.get(term);
      if (df) vector.set(term, (1 + Math.log(n)) * Math.log(1 + total / df));
    }
    return vector;
  };
  const q = weigh(asked);
  const scores = documents.map((terms, index) => ({ index, score: cosine(q, weigh(terms)) }));
  return scores
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((s) => s.index);
}

/** How often each word (letters and digits, any script, lower-cased) appears in the text. */
function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0));
  const n = norm(a) * norm(b);
  return n === 0 ? 0 : dot / n;
}
