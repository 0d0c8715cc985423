/**
 * The MCPB manifest (Claude Desktop's one-click bundle, manifest_version 0.3): built from
 * package.json and the server's own tool list, so it never drifts from what the server offers.
 * `ROOM_API_KEY` is a sensitive user setting, kept in the OS keychain by the client.
 */
import { readFile } from 'node:fs/promises';
import { connectInMemory } from '../test/support/connect.js';

/** Where the installed package's bin lies inside the bundle. */
export const ENTRY_POINT = 'node_modules/@room-restyler/mcp/dist/room-restyler-mcp.js';

export interface PackageJson {
  name: string;
  version: string;
  description: string;
  keywords: string[];
  homepage: string;
  bugs: string;
  license: string;
  engines: { node: string };
}

export async function readPackageJson(): Promise<PackageJson> {
  return JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as PackageJson;
}

/** The client substitutes `${user_config.<key>}` with the user's setting. */
const setting = (key: string) => `\${user_config.${key}}`;

export async function bundleManifest(): Promise<Record<string, unknown>> {
  const pkg = await readPackageJson();
  const mcp = await connectInMemory();
  const { tools } = await mcp.client.listTools();
  await mcp.close();
  return {
    manifest_version: '0.3',
    name: 'room-restyler',
    display_name: 'Room Restyler',
    version: pkg.version,
    description: pkg.description,
    long_description:
      'Stage empty rooms and restyle furnished rooms from photos through the hosted room-image generation service. ' +
      'Each generated image costs 1 credit of your account; `me` shows the balance.',
    author: { name: 'room-restyler contributors', url: 'https://github.com/room-restyler/room-restyler' },
    repository: { type: 'git', url: 'https://github.com/room-restyler/room-restyler' },
    homepage: pkg.homepage,
    documentation: pkg.homepage,
    support: pkg.bugs,
    license: pkg.license,
    keywords: pkg.keywords,
    server: {
      type: 'node',
      entry_point: ENTRY_POINT,
      mcp_config: {
        command: 'node',
        args: [`\${__dirname}/${ENTRY_POINT}`],
        env: {
          ROOM_API_KEY: setting('api_key'),
          ROOM_API_BASE_URL: setting('base_url'),
          ROOM_UPLOAD_URL: setting('upload_url'),
          ROOM_UPLOAD_TOKEN: setting('upload_token'),
        },
      },
    },
    tools: tools.map(({ name, title, description }) => ({ name, description: title ?? description ?? name })),
    prompts_generated: true,
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: pkg.engines.node } },
    user_config: {
      api_key: {
        type: 'string',
        title: 'API key',
        description:
          'Your key of the room-image service (dashboard, section API Keys). Kept in the keychain; only ever sent to the service.',
        sensitive: true,
        required: true,
      },
      base_url: {
        type: 'string',
        title: 'Service address',
        description: 'Origin of the service (paths /api/v1/... are appended), e.g. http://127.0.0.1:4010 for a local simulator.',
        required: true,
      },
      upload_url: {
        type: 'string',
        title: 'Upload route (optional)',
        description: "For photos on your disk: the key proxy's upload route, e.g. http://127.0.0.1:8787/api/v1/uploads.",
        required: false,
        default: '',
      },
      upload_token: {
        type: 'string',
        title: 'Upload token (optional)',
        description: "The proxy's ROOM_UPLOAD_TOKEN, so your uploads are not limited like a website visitor's.",
        sensitive: true,
        required: false,
        default: '',
      },
    },
  };
}
