/**
 * The smoke suite as one runtime loads it: `smoke.ts` and core's shipped `dist`, bundled by
 * esbuild for the neutral platform (a `node:` import anywhere would fail the build), minified as
 * a site's bundler ships it, behind the few lines that host it on that runtime.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));

/** How each kind of runtime is handed a target and gives back its report. */
export const HOSTS = {
  /** A process (Node, Deno): the target as its first argument, the report as JSON on stdout. */
  process: `import { runSmoke } from './smoke.ts';
const [target] = globalThis.Deno ? Deno.args : process.argv.slice(2);
console.log(JSON.stringify(await runSmoke(JSON.parse(target))));
(globalThis.Deno ?? process).exit(0); // even when a broken check left a timer behind`,
  /** A page: sets the global \`portability\`; the test calls \`portability.runSmoke(target)\`. */
  page: "export { runSmoke } from './smoke.ts';",
  /** A worker (workerd): the target as a POST body, the report as the JSON answer. */
  worker: `import { runSmoke } from './smoke.ts';
export default { fetch: async (request) => Response.json(await runSmoke(await request.json())) };`,
} as const;

export async function bundleSmoke(host: keyof typeof HOSTS): Promise<string> {
  const result = await build({
    stdin: { contents: HOSTS[host], resolveDir: here, loader: 'ts', sourcefile: `${host}-host.ts` },
    bundle: true,
    platform: 'neutral',
    format: host === 'page' ? 'iife' : 'esm',
    ...(host === 'page' ? { globalName: 'portability' } : {}),
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
