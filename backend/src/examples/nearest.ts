/**
 * The `count` vectors nearest in meaning to `query` (cosine similarity), as indexes into
 * `vectors`; ties go to the earlier index (the set's order). `vectors` must be of unit length (as
 * unit() makes them); the query need not be. One pass, keeping the best `count` as it goes.
 */
export function nearest(query: ArrayLike<number>, vectors: Float32Array[], count: number): number[] {
  if (count <= 0 || vectors.length === 0) return [];
  const q = unit(query);
  const best: { index: number; score: number }[] = [];
  for (let index = 0; index < vectors.length; index++) {
    const vector = vectors[index];
    let score = 0;
    for (let i = 0; i < q.length; i++) score += q[i] * vector[i];
    // Strictly better than the worst kept: an equal score keeps the earlier index.
    if (best.length < count || score > best[best.length - 1].score) {
      let at = best.length;
      while (at > 0 && best[at - 1].score < score) at--;
      best.splice(at, 0, { index, score });
      if (best.length > count) best.pop();
    }
  }
  return best.map((b) => b.index);
}

/** The vector scaled to length 1 (all zeros stays all zeros). */
export function unit(vector: ArrayLike<number>): Float32Array {
  const n = norm(vector) || 1;
  return Float32Array.from({ length: vector.length }, (_, i) => vector[i] / n);
}

/** Cosine similarity of two vectors, in [-1, 1] (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = norm(a) * norm(b);
  return n === 0 ? 0 : dot(a, b) / n;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

function norm(a: ArrayLike<number>): number {
  return Math.sqrt(dot(a, a));
}

/** A vector as kept in the database: float32, little-endian. */
export function toBytes(vector: ArrayLike<number>): Buffer {
  const buffer = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) buffer.writeFloatLE(vector[i], i * 4);
  return buffer;
}

export function fromBytes(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getFloat32(i * 4, true));
}
