/**
 * The `count` vectors nearest in meaning to `query` (cosine similarity), as indexes into
 * `vectors`; ties go to the earlier index (the set's order). Vectors need not be normalised.
 */
export function nearest(query: ArrayLike<number>, vectors: ArrayLike<number>[], count: number): number[] {
  if (count <= 0 || vectors.length === 0) return [];
  const q = normalised(query);
  const scored = vectors.map((vector, index) => ({ index, score: dot(q, vector) / (norm(vector) || 1) }));
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, count).map((s) => s.index);
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

function normalised(a: ArrayLike<number>): Float64Array {
  const n = norm(a) || 1;
  return Float64Array.from({ length: a.length }, (_, i) => a[i] / n);
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
