import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer: built into dist/renderer, loaded by Electron from file:// and by `docent serve` over loopback.
export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../../dist/renderer', emptyOutDir: true, sourcemap: true, target: 'es2022' },
});
