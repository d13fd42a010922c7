// Copies the non-TypeScript files the compiled code reads at run time (prompt texts, the app's icons) into dist/.
import { cpSync } from 'node:fs';

for (const dir of ['src/pipeline/rewrite/prompts', 'src/pipeline/answer/prompts', 'src/main/assets']) cpSync(dir, dir.replace(/^src\//, 'dist/'), { recursive: true });
