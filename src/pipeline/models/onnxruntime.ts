/**
 * onnxruntime's native library, where it loads: undefined on a platform it ships no build for,
 * or with DOCENT_NO_ONNXRUNTIME=1 (a way round a broken install). Node loads it once per process.
 */
export async function loadOnnxruntime(): Promise<typeof import('onnxruntime-node') | undefined> {
  if (process.env.DOCENT_NO_ONNXRUNTIME) return undefined;
  try {
    return await import('onnxruntime-node');
  } catch {
    return undefined;
  }
}
