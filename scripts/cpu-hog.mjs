// `node scripts/cpu-hog.mjs [threads]`: keeps `threads` cores (default: all) busy until stopped,
// so the suite can be run as a loaded machine runs it (`.ci/run` beside it must still pass).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const threads = Number(process.argv[2] ?? availableParallelism());
for (let i = 0; i < threads; i++) new Worker('for (;;) {}', { eval: true });
console.log(`keeping ${threads} threads busy; Ctrl-C stops`);
