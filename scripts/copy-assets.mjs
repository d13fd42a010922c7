// Copies the non-TypeScript files the compiled code reads at run time (prompt texts) into dist/.
import { cpSync } from 'node:fs';

cpSync('src/pipeline/rewrite/prompts', 'dist/pipeline/rewrite/prompts', { recursive: true });
