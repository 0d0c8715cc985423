/**
 * Every command the documentation shows names what exists: a command from a clone (`pnpm --filter
 * <package>`, `node packages/<package>/dist/…`) names a workspace package and its bin file; one for
 * the installed packages (`npx -p <package> <bin>`, `npx -y <package>`, `npm install <package>`)
 * names a package and one of its bins. `npx <bin>` alone asks the registry for a package named like
 * the bin — which is not ours, and whoever publishes it would receive the site's key — so it fails
 * here, as does a bare bin with no word on how to get it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, shippedSources, workspacePackages } from './workspace.js';

const packages = workspacePackages();
/** Every package of the workspace, private ones included (demo, tests): `pnpm --filter` takes them all. */
const workspaceNames = new Set([
  ...packages.map((p) => p.manifest.name),
  ...['demo', 'test'].map((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name as string),
]);
const binsOf = new Map(packages.map((p) => [p.manifest.name, p.manifest.bin ?? {}]));
const allBins = new Map(
  packages.flatMap((p) => Object.entries(p.manifest.bin ?? {}).map(([bin, file]) => [bin, { name: p.manifest.name, dir: p.dir, file }])),
);

const markdown = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((file) => file.endsWith('.md'))
    .map((file) => join(dir, file));
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'demo/README.md',
  ...markdown('docs'),
  ...packages.flatMap((p) => [`packages/${p.dir}/README.md`, ...(p.dir === 'proxy' ? markdown('packages/proxy/docs') : [])]),
].filter((doc) => existsSync(join(root, doc)));

/** The commands a document shows: shell code blocks, MCP client configs (command + args) and inline commands. */
function commandsIn(text: string): string[] {
  const commands: string[] = [];
  for (const [, lang, body] of text.matchAll(/```(\w*)\n([\s\S]*?)```/g)) {
    if (/^(sh|bash|shell|console)$/.test(lang as string))
      commands.push(
        ...(body as string)
          .replace(/\\\n\s*/g, ' ')
          .split('\n')
          .map((line) => line.replace(/(^|\s)#.*$/, '')),
      );
    else
      for (const [, command, args] of (body as string).matchAll(
        /command["']?:\s*["']([^"']+)["'],\s*\n?\s*["']?args["']?:\s*\[([^\]]*)\]/g,
      ))
        commands.push([command, ...[...(args as string).matchAll(/["']([^"']+)["']/g)].map((m) => m[1])].join(' '));
  }
  for (const [, inline] of text.matchAll(/`((?:npx|pnpm|npm|node|room-restyler-[a-z]+) [^`\n]+)`/g)) commands.push(inline as string);
  return commands
    .flatMap((line) => line.split(/&&|\|\||;|\||\$\(|\)/))
    .map((part) => part.trim())
    .filter(Boolean);
}

/** What is wrong with one command, or undefined. */
function problemOf(command: string): string | undefined {
  const words = command.split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
  const [program, ...args] = words;
  if (program === 'npx') return npxProblem(args);
  if (program === 'npm' && /^(i|install|add)$/.test(args[0] ?? '')) return unknownPackages(args.slice(1));
  if (program === 'pnpm') {
    const filter = args.indexOf('--filter');
    if (filter >= 0 && !workspaceNames.has(args[filter + 1] as string)) return `no workspace package ${args[filter + 1]}`;
    if (args[0] === 'exec' && allBins.has(args[1] as string)) return `pnpm exec ${args[1]} at the root finds no such bin`;
    return undefined;
  }
  if (program === 'node' && /^(\/\S*\/)?packages\/[^/]+\/dist\//.test(args[0] ?? '')) {
    const [, dir, file] = /packages\/([^/]+)\/(dist\/\S+)/.exec(args[0] as string) ?? [];
    const shipped = [...allBins.values()].some((bin) => bin.dir === dir && bin.file.replace(/^\.\//, '') === file);
    return shipped ? undefined : `packages/${dir}/${file} is no bin of the workspace`;
  }
  if (program && allBins.has(program))
    return `${program} alone: say how it runs (npx -p ${allBins.get(program)?.name} ${program}, or node packages/…)`;
  return undefined;
}

function npxProblem(args: string[]): string | undefined {
  const named: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-y' || arg === '--yes') continue;
    if (arg === '-p' || arg === '--package') named.push(args[++i] as string);
    else if (arg.startsWith('--package=')) named.push(arg.slice('--package='.length));
    else break;
  }
  const target = args[i] ?? '';
  const unknown = unknownPackages(named);
  if (unknown) return unknown;
  if (named.length > 0) {
    const ours = named.filter((name) => binsOf.has(name));
    if (ours.length > 0 && !ours.some((name) => target in (binsOf.get(name) ?? {}))) return `${target} is no bin of ${ours.join(', ')}`;
    return undefined;
  }
  if (allBins.has(target))
    return `npx ${target} asks the registry for a package named ${target}: use npx -p ${allBins.get(target)?.name} ${target}`;
  if (target.startsWith('@room-restyler/')) {
    if (!binsOf.has(target)) return `no package ${target}`;
    if (Object.keys(binsOf.get(target) ?? {}).length !== 1) return `${target} has not exactly one bin for npx to run`;
  }
  return undefined;
}

function unknownPackages(names: string[]): string | undefined {
  const unknown = names.filter((name) => name.startsWith('@room-restyler/') && !binsOf.has(name.replace(/@[^@/]*$/, '')));
  return unknown.length > 0 ? `no published package ${unknown.join(', ')}` : undefined;
}

describe('commands in the documentation', () => {
  it.each(DOCS)('%s names only packages and bins that exist, each run a way that works', (doc) => {
    const problems = commandsIn(readFileSync(join(root, doc), 'utf8'))
      .map((command) => [command, problemOf(command)] as const)
      .filter(([, problem]) => problem)
      .map(([command, problem]) => `${command}  →  ${problem}`);
    expect(problems).toEqual([]);
  });

  it.each(packages.map((p) => p.dir))('the messages of packages/%s name commands that work', (dir) => {
    const problems = shippedSources(dir).flatMap(({ file, text }) =>
      commandsIn(text).flatMap((command) => {
        const problem = problemOf(command);
        return problem ? [`${file}: ${command}  →  ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('finds the commands it checks', () => {
    const all = DOCS.flatMap((doc) => commandsIn(readFileSync(join(root, doc), 'utf8')));
    expect(all).toEqual(expect.arrayContaining(['npx -y @room-restyler/mcp', 'pnpm --filter @room-restyler/proxy test']));
    expect(problemOf('npx room-restyler-proxy --port 8787')).toMatch(/asks the registry/);
    expect(problemOf('npx -p @room-restyler/proxy room-restyler-sim')).toMatch(/no bin/);
    expect(problemOf('room-restyler-proxy --port 8787')).toMatch(/say how it runs/);
    expect(problemOf('node packages/proxy/dist/server.js')).toMatch(/no bin/);
  });
});
