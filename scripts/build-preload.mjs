// Bundles the preload into one CommonJS file (dist/preload/preload.cjs): a sandboxed preload can
// require only 'electron', so its own modules and zod-free shared constants are inlined.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/preload/preload.ts'],
  outfile: 'dist/preload/preload.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
});
