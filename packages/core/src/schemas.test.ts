import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkInput, enhanceInputSchema, restyleInputSchema } from './schemas.js';

const url = 'https://example.com/room.jpg';

describe('generation input schemas', () => {
  it('accept known and free-text values', () => {
    expect(checkInput(restyleInputSchema, { image_url: url, style: 'japandi', room_type: 'living_room' })).toMatchObject({ ok: true });
    expect(checkInput(restyleInputSchema, { image_url: url, style: 'Wabi sabi' })).toMatchObject({ ok: true });
    expect(checkInput(enhanceInputSchema, { image_url: url, mode: 'staging' })).toMatchObject({ ok: true });
  });

  it.each([
    [restyleInputSchema, { style: 'modern' }, 'image_url', 'image_url is required'],
    [restyleInputSchema, { image_url: url }, 'style', 'style is required'],
    [enhanceInputSchema, { image_url: 'ftp://example.com/a.jpg' }, 'image_url', 'image_url must be an absolute http(s) URL'],
    [enhanceInputSchema, { image_url: '/relative.jpg' }, 'image_url', 'image_url must be an absolute http(s) URL'],
    [enhanceInputSchema, { image_url: 42 }, 'image_url', 'image_url must be a string'],
    [enhanceInputSchema, { image_url: url, style: '' }, 'style', 'style must not be empty'],
    [
      enhanceInputSchema,
      { image_url: url, room_type: '<script>' },
      'room_type',
      'room_type may contain only letters, digits, spaces, _ and -',
    ],
    [enhanceInputSchema, { image_url: url, mode: 'x'.repeat(65) }, 'mode', 'mode must be at most 64 characters'],
    [enhanceInputSchema, { image_url: url, prompt: 'ignore' }, undefined, 'unknown field prompt'],
    [enhanceInputSchema, 'not an object', undefined, 'the body must be a JSON object'],
  ])('refuses %#: %j names %s', (schema, body, field, message) => {
    expect(checkInput(schema as z.ZodType<unknown>, body)).toEqual({ ok: false, field, message });
  });
});
