/** Server options from the environment, and a startup line that says what is configured (never the key). */
import type { RoomMcpServerOptions } from '../options.js';

export interface EnvSettings {
  server: Pick<RoomMcpServerOptions, 'apiKey' | 'baseUrl' | 'uploadUrl' | 'uploadToken' | 'imageOrigins'>;
  /** HTTP bearer token (`ROOM_MCP_TOKEN`). */
  token: string | undefined;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): EnvSettings {
  const read = (name: string) => env[name]?.trim() || undefined;
  return {
    server: {
      apiKey: read('ROOM_API_KEY'),
      baseUrl: read('ROOM_API_BASE_URL'),
      uploadUrl: read('ROOM_UPLOAD_URL'),
      uploadToken: read('ROOM_UPLOAD_TOKEN'),
      imageOrigins: read('ROOM_IMAGE_ORIGINS')
        ?.split(/[\s,]+/)
        .filter(Boolean),
    },
    token: read('ROOM_MCP_TOKEN'),
  };
}

export function describeSettings(settings: EnvSettings): string {
  const { apiKey, baseUrl, uploadUrl, uploadToken } = settings.server;
  return [
    `API key ${apiKey ? 'set' : 'NOT set (tools will explain how to set ROOM_API_KEY)'}`,
    `service ${baseUrl ?? 'NOT set (ROOM_API_BASE_URL)'}`,
    `uploads ${uploadUrl ? `${uploadUrl} (${uploadToken ? 'with' : 'without'} ROOM_UPLOAD_TOKEN)` : 'off (ROOM_UPLOAD_URL)'}`,
  ].join(', ');
}
