/** Server options from the environment, and a startup line that says what is configured (never the key). */
import { UsageError } from '@room-restyler/core/cli';
import type { RoomMcpServerOptions } from '../options.js';
import { SCHEMA_DIALECTS, type SchemaDialect } from '../surface/schema-dialects.js';

export interface EnvSettings {
  server: Pick<RoomMcpServerOptions, 'apiKey' | 'baseUrl' | 'uploadUrl' | 'uploadToken' | 'imageOrigins' | 'schemaDialect'>;
  /** HTTP bearer token (`ROOM_MCP_TOKEN`). */
  token: string | undefined;
  /** `GET /metrics` bearer token, HTTP only (`ROOM_MCP_ADMIN_TOKEN`). */
  adminToken: string | undefined;
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
      schemaDialect: schemaDialect(read('ROOM_SCHEMA_DIALECT')),
    },
    token: read('ROOM_MCP_TOKEN'),
    adminToken: read('ROOM_MCP_ADMIN_TOKEN'),
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

const isSchemaDialect = (value: string): value is SchemaDialect => (SCHEMA_DIALECTS as readonly string[]).includes(value);

function schemaDialect(value: string | undefined): SchemaDialect | undefined {
  if (value === undefined || isSchemaDialect(value)) return value;
  throw new UsageError(`ROOM_SCHEMA_DIALECT must be one of ${SCHEMA_DIALECTS.join(', ')}`);
}
