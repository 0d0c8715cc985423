/** Server options from the environment, and a startup line that says what is configured (never the key). */
import type { RoomMcpServerOptions } from '../options.js';

export interface EnvSettings {
  server: Pick<RoomMcpServerOptions, 'apiKey' | 'baseUrl' | 'uploadUrl' | 'imageOrigins'>;
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
      imageOrigins: read('ROOM_IMAGE_ORIGINS')
        ?.split(/[\s,]+/)
        .filter(Boolean),
    },
    token: read('ROOM_MCP_TOKEN'),
  };
}

export function describeSettings(settings: EnvSettings): string {
  const { apiKey, baseUrl, uploadUrl } = settings.server;
  return [
    `API key ${apiKey ? 'set' : 'NOT set (tools will explain how to set ROOM_API_KEY)'}`,
    `service ${baseUrl ?? 'NOT set (ROOM_API_BASE_URL)'}`,
    `uploads ${uploadUrl ?? 'off (ROOM_UPLOAD_URL)'}`,
  ].join(', ');
}
