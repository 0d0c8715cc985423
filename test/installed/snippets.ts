/**
 * The READMEs' runnable snippets, read from the Markdown itself (the tests keep no copy): a fenced
 * block whose info string names a file after its language (```js app.mjs) is that file, as a
 * developer pastes it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READMES = ['README.md', 'packages/proxy/README.md', 'packages/element/README.md'];

/** ```lang path … ```, at the start of a line. */
const FENCE = /^```[\w-]+ +(\S+)[^\n]*\n([\s\S]*?)^```\s*$/gm;

/** Every named snippet of the READMEs: path → text. A path named twice must hold the same text. */
export function readmeSnippets(): Map<string, { code: string; readme: string }> {
  const snippets = new Map<string, { code: string; readme: string }>();
  for (const readme of READMES) {
    for (const [, path, code] of readFileSync(`${ROOT}${readme}`, 'utf8').matchAll(FENCE)) {
      const known = snippets.get(path as string);
      if (known && known.code !== code) throw new Error(`${path} differs between ${known.readme} and ${readme}`);
      snippets.set(path as string, { code: code as string, readme });
    }
  }
  return snippets;
}

/** The named snippets `paths`, each of which a README must show. */
export function snippetFiles(paths: readonly string[]): Record<string, string> {
  const snippets = readmeSnippets();
  return Object.fromEntries(
    paths.map((path) => {
      const snippet = snippets.get(path);
      if (!snippet) throw new Error(`No README shows \`${path}\` (a fenced block with the info string "<lang> ${path}")`);
      return [path, snippet.code];
    }),
  );
}
