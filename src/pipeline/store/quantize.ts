/** Sign bits of a vector, bit i of byte i>>3 set when component i is positive (padded to 32-bit words). */
export function signBits(v: Float32Array): Buffer {
  const out = Buffer.alloc(Math.ceil(v.length / 32) * 4);
  for (let i = 0; i < v.length; i++) if (v[i]! > 0) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

/**
 * A vector as int8 scaled to its own largest component: a 4-byte float scale, then one byte
 * per component. Unit vectors of 512 components rarely exceed ±0.2, so a fixed ±1 scale would
 * leave most of the int8 range unused.
 */
export function int8(v: Float32Array): Buffer {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 1;
  const out = Buffer.alloc(4 + v.length);
  out.writeFloatLE(scale, 0);
  for (let i = 0; i < v.length; i++) out.writeInt8(Math.round(v[i]! / scale), 4 + i);
  return out;
}

/** Dot product of a float query with an int8() encoding. */
export function dotInt8(query: Float32Array, encoded: Buffer): number {
  const scale = encoded.readFloatLE(0);
  let dot = 0;
  for (let i = 0; i < query.length; i++) dot += ((encoded[4 + i]! << 24) >> 24) * query[i]!;
  return dot * scale;
}
