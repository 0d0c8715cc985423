import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkInput, enhanceInputSchema, imageUrlSchema, modeSchema, restyleInputSchema, roomTypeSchema, styleSchema } from './schemas.js';

const url = 'https://example.com/room.jpg';

describe('generation input schemas', () => {
  it('accept what the spec accepts: known and free-text values, any characters', () => {
    expect(checkInput(restyleInputSchema, { image_url: url, style: 'japandi', room_type: 'living_room' })).toMatchObject({ ok: true });
    expect(checkInput(restyleInputSchema, { image_url: url, style: 'Art Deco (1920s)' })).toMatchObject({ ok: true });
    expect(checkInput(restyleInputSchema, { image_url: url, style: 'Wohnzimmer-Stil: gemütlich' })).toMatchObject({ ok: true });
    expect(checkInput(enhanceInputSchema, { image_url: url, mode: 'empty-room' })).toMatchObject({ ok: true });
  });

  it('count lengths in code points, as JSON Schema does', () => {
    const emoji = '🛋️'.slice(0, 2); // one code point, two UTF-16 units
    expect(checkInput(restyleInputSchema, { image_url: url, style: emoji.repeat(64) })).toMatchObject({ ok: true });
    expect(checkInput(restyleInputSchema, { image_url: url, style: emoji.repeat(65) })).toMatchObject({
      ok: false,
      message: 'style must be at most 64 characters',
    });
  });

  it('trim surrounding white space', () => {
    expect(checkInput(restyleInputSchema, { image_url: ` ${url} `, style: ' coastal ' })).toEqual({
      ok: true,
      value: { image_url: url, style: 'coastal' },
    });
  });

  it.each([
    ['image_url is required', 'image_url', restyleInputSchema, { style: 'modern' }],
    ['style is required', 'style', restyleInputSchema, { image_url: url }],
    ['mode is required', 'mode', enhanceInputSchema, { image_url: url }],
    ['mode must be one of staging, restyle, empty-room', 'mode', enhanceInputSchema, { image_url: url, mode: 'bogus-mode' }],
    [
      'image_url must be an absolute http(s) URL',
      'image_url',
      enhanceInputSchema,
      { image_url: 'ftp://example.com/a.jpg', mode: 'staging' },
    ],
    ['image_url must be an absolute http(s) URL', 'image_url', enhanceInputSchema, { image_url: '/relative.jpg', mode: 'staging' }],
    ['image_url must be a string', 'image_url', enhanceInputSchema, { image_url: 42, mode: 'staging' }],
    [
      'image_url must be at most 2048 characters',
      'image_url',
      enhanceInputSchema,
      { image_url: `${url}?${'x'.repeat(2048)}`, mode: 'staging' },
    ],
    ['style must not be empty', 'style', enhanceInputSchema, { image_url: url, mode: 'staging', style: '  ' }],
    [
      'room_type must be at most 64 characters',
      'room_type',
      enhanceInputSchema,
      { image_url: url, mode: 'staging', room_type: 'x'.repeat(65) },
    ],
    ['unknown field prompt', undefined, enhanceInputSchema, { image_url: url, mode: 'staging', prompt: 'ignore' }],
    ['unknown field prompt, seed', undefined, enhanceInputSchema, { image_url: url, mode: 'staging', prompt: 'ignore', seed: 1 }],
    ['the body must be a JSON object', undefined, enhanceInputSchema, 'not an object'],
  ])('refuses with "%s" (field %s)', (message, field, schema, body) => {
    expect(checkInput(schema as z.ZodType<unknown>, body)).toEqual({ ok: false, field, message });
  });

  it('describe each field for the tools built on them (the MCP server’s input schemas)', () => {
    expect(styleSchema.description).toMatch(
      /^style\. Known values: modern, minimalist, scandinavian, .*; other text is passed to the service as is\.$/,
    );
    expect(roomTypeSchema.description).toMatch(/^room_type\. Known values: living_room, bedroom, kitchen, /);
    expect(imageUrlSchema.description).toBe('Absolute http(s) URL of the room photo. The service must be able to fetch it.');
    expect(modeSchema.description).toMatch(/^staging furnishes an empty room/);
  });
});
