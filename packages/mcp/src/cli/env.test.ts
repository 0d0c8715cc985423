import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './env.js';

describe('settings from the environment', () => {
  it('reads ROOM_SCHEMA_DIALECT, and refuses a dialect it does not know', () => {
    expect(settingsFromEnv({}).server.schemaDialect).toBeUndefined();
    expect(settingsFromEnv({ ROOM_SCHEMA_DIALECT: ' openai-strict ' }).server.schemaDialect).toBe('openai-strict');
    expect(() => settingsFromEnv({ ROOM_SCHEMA_DIALECT: 'openapi' })).toThrow(
      'ROOM_SCHEMA_DIALECT must be one of json-schema, openai-strict, gemini',
    );
  });
});
