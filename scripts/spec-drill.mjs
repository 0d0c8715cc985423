// `pnpm spec:drill` (part of `pnpm test`): proves that the spec is the single source of truth.
// In a scratch copy of the repository it applies realistic changes to openapi/room-api.yaml (and
// to the kit's input schemas in openapi/proxy-api.yaml), regenerates the types and type-checks
// every project; each change must break the compile in every package that has to follow it, and
// the unchanged specs must compile clean.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { render, root, targets } from './generate-lib.mjs';

const SPEC = 'openapi/room-api.yaml';
const PROXY_SPEC = 'openapi/proxy-api.yaml';

/** Each change (to the service's spec unless it names another), and the packages whose code reads or writes what it changes. */
const MUTATIONS = [
  {
    name: 'rename a response field (Prediction.output → outputs)',
    mustBreak: ['core', 'simulator', 'element', 'mcp'],
    apply: (doc) => renameKey(doc, ['components', 'schemas', 'Prediction', 'properties'], 'output', 'outputs'),
  },
  {
    name: 'make an optional request field required (RestyleRequest.room_type)',
    // The element always sends a room type; the MCP tool may not.
    mustBreak: ['core', 'mcp'],
    apply: (doc) => doc.getIn(['components', 'schemas', 'RestyleRequest', 'required']).add('room_type'),
  },
  {
    name: 'add a required request field (EnhanceRequest.quality)',
    mustBreak: ['core', 'element', 'mcp'],
    apply: (doc) => {
      doc.setIn(['components', 'schemas', 'EnhanceRequest', 'properties', 'quality'], doc.createNode({ type: 'integer' }));
      doc.getIn(['components', 'schemas', 'EnhanceRequest', 'required']).add('quality');
    },
  },
  {
    name: 'remove a request field (RestyleRequest.room_type)',
    mustBreak: ['core', 'simulator', 'element', 'mcp'],
    apply: (doc) => doc.deleteIn(['components', 'schemas', 'RestyleRequest', 'properties', 'room_type']),
  },
  {
    name: 'narrow an enum (Mode without empty-room)',
    mustBreak: ['core', 'simulator', 'mcp'],
    apply: (doc) => {
      const values = doc.getIn(['components', 'schemas', 'Mode', 'enum']);
      values.items = values.items.filter((item) => item.value !== 'empty-room');
    },
  },
  {
    name: 'add an operation (POST /api/v1/twilight, operationId twilight, a copy of clear-sky)',
    // Core lists every operation where it must (labels, input schemas, the tests' sample bodies):
    // its compile errors are the places to fill in, printed below.
    mustBreak: ['core'],
    showErrors: true,
    apply: (doc) => {
      const item = doc.getIn(['paths', '/api/v1/clear-sky']).toJSON();
      item.post.operationId = 'twilight';
      item.post.summary = 'Turn a daytime exterior into a twilight shot (fictitious)';
      doc.setIn(['paths', '/api/v1/twilight'], doc.createNode(item));
    },
  },
  {
    name: "drop a field from the kit's input schema (proxy-api.yaml RestyleInput.room_type)",
    spec: PROXY_SPEC,
    // Core's input schemas are held to the kit's spec as well as the service's.
    mustBreak: ['core'],
    apply: (doc) => doc.deleteIn(['components', 'schemas', 'RestyleInput', 'properties', 'room_type']),
  },
];

function renameKey(doc, path, from, to) {
  const map = doc.getIn(path);
  const pair = map.items.find((item) => item.key.value === from);
  pair.key = doc.createNode(to);
}

/** A copy of the sources with node_modules linked back, so packages resolve each other inside the copy. */
function scratchCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'room-restyler-drill-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const project of ['test', ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}`)]) {
    const modules = join(root, project, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const entry of readdirSync(modules)) {
      if (entry === '.bin' || entry === '.cache') continue;
      const target = join(dir, project, 'node_modules', entry);
      mkdirSync(dirname(target), { recursive: true });
      if (entry !== '@room-restyler') {
        symlinkSync(realpathSync(join(modules, entry)), target);
        continue;
      }
      mkdirSync(target, { recursive: true });
      for (const sibling of readdirSync(join(modules, entry))) {
        const folder = realpathSync(join(modules, entry, sibling)).slice(root.length);
        symlinkSync(join(dir, folder), join(target, sibling));
      }
    }
  }
  return dir;
}

async function regenerate(dir) {
  for (const target of targets) writeFileSync(join(dir, target.out), await render(target, dir));
}

/** The packages with type errors after `tsc -b` in the copy. */
function brokenPackages(dir) {
  const result = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-b', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
  const errors = `${result.stdout}${result.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
  const packages = new Set(errors.map((line) => /^packages\/([^/]+)\//.exec(line)?.[1] ?? line.split('/')[0]));
  return { packages: [...packages].sort(), errors };
}

const dir = scratchCopy();
let failed = 0;
try {
  const pristine = { [SPEC]: readFileSync(join(dir, SPEC), 'utf8'), [PROXY_SPEC]: readFileSync(join(dir, PROXY_SPEC), 'utf8') };
  console.log(`spec drill in ${dir}`);
  const baseline = brokenPackages(dir);
  if (baseline.errors.length) {
    failed++;
    console.error(`✗ the unchanged spec does not compile:\n${baseline.errors.slice(0, 20).join('\n')}`);
  } else console.log('✓ the unchanged spec compiles clean');

  for (const mutation of MUTATIONS) {
    const spec = mutation.spec ?? SPEC;
    const doc = parseDocument(pristine[spec]);
    mutation.apply(doc);
    writeFileSync(join(dir, spec), doc.toString());
    await regenerate(dir);
    const { packages, errors } = brokenPackages(dir);
    const missed = mutation.mustBreak.filter((name) => !packages.includes(name));
    if (missed.length) failed++;
    console.log(`${missed.length ? '✗' : '✓'} ${mutation.name}: breaks ${packages.join(', ') || 'nothing'} (${errors.length} errors)`);
    if (missed.length) console.error(`  but compiles clean in ${missed.join(', ')}, which must follow it`);
    if (mutation.showErrors) for (const error of errors) console.log(`    ${error.replace(/: error TS\d+:/, ':').slice(0, 200)}`);
    writeFileSync(join(dir, spec), pristine[spec]);
  }
  await regenerate(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exit(1);
