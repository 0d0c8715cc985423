/** The service a batch runs on: the one ROOM_API_KEY and ROOM_API_BASE_URL name, or (`--simulate`) an in-process simulator. */
import { readBaseUrl, UsageError } from '@room-restyler/core/cli';

export interface Service {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

const SIMULATOR_KEY = 'sim_cli_key';

export async function openService(env: NodeJS.ProcessEnv, simulate: boolean): Promise<Service> {
  if (simulate) {
    const { startSimulator } = await import('@room-restyler/simulator').catch((error: unknown) => {
      throw new Error('--simulate needs the package @room-restyler/simulator: npm install @room-restyler/simulator', { cause: error });
    });
    const simulator = await startSimulator({ port: 0, accounts: [{ apiKey: SIMULATOR_KEY, credits: 1000 }] });
    return { baseUrl: simulator.url, apiKey: SIMULATOR_KEY, close: () => simulator.close() };
  }
  const apiKey = env.ROOM_API_KEY;
  if (!apiKey)
    throw new UsageError('ROOM_API_KEY is not set. Set it to the service key, or run with --simulate to use the local simulator.');
  const base = env.ROOM_API_BASE_URL;
  if (!base) throw new UsageError('ROOM_API_BASE_URL is not set. Set it to the service origin (paths /api/v1/... are appended).');
  return { baseUrl: readBaseUrl('ROOM_API_BASE_URL', base), apiKey, close: async () => {} };
}
