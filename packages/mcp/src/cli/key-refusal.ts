/** `--byok`: whether the service accepts a caller's key, asked (`GET /me`) before a session opens for it. */
import { InvalidApiKeyError } from '@room-restyler/core';
import { clientFromSettings } from '../context.js';
import type { RoomMcpServerOptions } from '../options.js';

/** The refusal to send when the service rejects the key; throws when the service cannot tell. */
export async function keyRefusal(settings: RoomMcpServerOptions & { apiKey: string }): Promise<string | undefined> {
  const client = clientFromSettings(settings);
  if (client instanceof Error) throw client;
  try {
    await client.me();
    return undefined;
  } catch (error) {
    if (error instanceof InvalidApiKeyError)
      return 'Unauthorized: the service rejected this key (GET /me answered 401); send a current service key as Authorization: Bearer <key>';
    throw error;
  }
}
