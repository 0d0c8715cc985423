/**
 * The kit as a user gets it: every public package packed by pnpm (workspace ranges resolved, only
 * its `files`), then installed with plain npm from the tarballs into a fresh project outside the
 * workspace, next to what a site or an app would add (sharp, hono, @hono/node-server, express and its types, tsx, next, vite, esbuild, TypeScript).
 * npm runs with a clean environment (no pnpm variables, no NODE_PATH) and a cache of its own in
 * the temp folder, kept between runs so a second run installs offline-fast.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The published packages, by folder under packages/. */
export const PUBLISHED = ['core', 'simulator', 'proxy', 'element', 'mcp'] as const;

/** What the test project adds beside the kit: the range the workspace uses (from that manifest), or a range. */
const EXTRAS: Record<string, [manifest: string, field: 'dependencies' | 'devDependencies'] | string> = {
  sharp: ['packages/proxy/package.json', 'devDependencies'],
  hono: ['packages/proxy/package.json', 'devDependencies'],
  '@modelcontextprotocol/sdk': ['packages/mcp/package.json', 'dependencies'],
  vite: ['demo/package.json', 'devDependencies'],
  // A new project's esbuild: the one vite 8 accepts as its (optional) peer.
  esbuild: '^0.28.0',
  // The web frameworks the proxy README's app.mjs and hono.mjs are written for.
  express: '^5.1.0',
  // The same Express site in TypeScript, run as its README says (npx tsx app.ts).
  '@types/express': '^5.0.0',
  tsx: ['package.json', 'devDependencies'],
  '@hono/node-server': '^1.19.0',
  // The proxy README's Next.js App Router site (its route is TypeScript: next build wants React's types).
  next: '^16.0.0',
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  '@types/react': '^19.0.0',
  typescript: ['package.json', 'devDependencies'],
  '@types/node': ['package.json', 'devDependencies'],
};

export interface InstalledProject {
  dir: string;
  /** name → version of each packed package. */
  versions: Record<string, string>;
  /** The environment the project's commands run in: the machine's, without the workspace's. */
  env: NodeJS.ProcessEnv;
  /** Runs a command in the project; rejects with its output when it fails. */
  exec(command: string, args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<{ stdout: string; stderr: string }>;
  remove(): Promise<void>;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

/** A clean environment: what pnpm or vitest set for the workspace would let the project see it. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|pnpm_|NODE_PATH$|NODE_OPTIONS$|INIT_CWD$|VITEST|TEST$)/i.test(name)) env[name] = value;
  return { ...env, npm_config_cache: join(tmpdir(), 'room-restyler-npm-cache'), npm_config_update_notifier: 'false' };
}

export async function installProject(log: (line: string) => void): Promise<InstalledProject> {
  const base = await mkdtemp(join(tmpdir(), 'room-restyler-installed-'));
  const tarballs = join(base, 'tarballs');
  const dir = join(base, 'project');
  const env = userEnv();
  const exec = async (command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) => {
    try {
      return await run(command, args, { cwd: options.cwd ?? dir, env: { ...env, ...options.env }, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
    }
  };

  const versions: Record<string, string> = {};
  const dependencies: Record<string, string> = {};
  for (const name of PUBLISHED) {
    const packageDir = join(ROOT, 'packages', name);
    log(`pnpm pack packages/${name}`);
    await exec('pnpm', ['pack', '--pack-destination', tarballs], { cwd: packageDir });
    const manifest = await readJson(join(packageDir, 'package.json'));
    versions[manifest.name] = manifest.version;
  }
  for (const file of await readdir(tarballs)) {
    const name = Object.keys(versions).find((n) => file === `${n.slice(1).replace('/', '-')}-${versions[n]}.tgz`);
    if (name) dependencies[name] = `file:../tarballs/${file}`;
  }
  for (const [name, range] of Object.entries(EXTRAS))
    dependencies[name] = typeof range === 'string' ? range : (await readJson(join(ROOT, range[0])))[range[1]][name];

  await mkdir(dir, { recursive: true });
  await cp(FIXTURES, dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'a-listing-site', private: true, type: 'module', dependencies }, null, 2),
  );
  log(`npm install ${Object.keys(dependencies).join(' ')} (in ${dir})`);
  await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  return { dir, versions, env, exec, remove: () => rm(base, { recursive: true, force: true }) };
}
