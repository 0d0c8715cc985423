// Loaded with `node --import` into the command the listing bench runs: its peak RSS (kB) on exit, to the file it names.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
