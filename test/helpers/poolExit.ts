/**
 * Child process for the embedder tests: starts a pool, keeps its workers in the middle of a
 * vector pass, then leaves as argv[2] says: `close` (the pool closed, then the process ends) or
 * `exit` (process.exit with the pool still running). Prints "left" just before leaving.
 */
import { EmbedderPool } from '../../src/pipeline/models/embedderPool.js';

const pool = await EmbedderPool.start({ kind: 'use' }, 2);
const passages = Array.from({ length: 400 }, (_, i) => `passage ${i} of a long vector pass `.repeat(20));
void pool.embed(passages, { background: true }).catch(() => undefined);
// A query goes ahead of the pass; when it is answered, both workers are back on the pass.
await pool.embed(['a question']);
console.log('left');
if (process.argv[2] === 'close') await pool.close();
else process.exit(0);
