import { validateRequestBody } from '@room-restyler/test-kit/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GENERATION_OPERATIONS, generationOperations } from './operations.js';
import {
  checkInput,
  checkOperationInput,
  enhanceInputSchema,
  imageUrlSchema,
  MAX_OBJECTS,
  MAX_PROMPT_LENGTH,
  modeSchema,
  operationInputSchemas,
  restyleInputSchema,
  roomTypeSchema,
  styleSchema,
} from './schemas.js';

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

describe('every operation’s input schema', () => {
  const mask = 'https://example.com/mask.png';
  const valid = {
    enhance: { image_url: url, mode: 'staging' },
    restyle: { image_url: url, style: 'modern' },
    emptyRoom: { image_url: url },
    lighting: { image_url: url },
    windowView: { image_url: url, view_type: 'sunset' },
    clearSky: { image_url: url },
    upscale: { image_url: url },
    sketchToImage: { image_url: url, style: 'modern', room_type: 'living_room' },
    freestyle: { prompt: 'A cosy reading corner', style: 'japandi' },
    modify: { image_url: url, mask_url: mask, prompt: 'A plant' },
    edit: { image_url: url, prompt: 'Paint the walls sage green' },
    inpaint: { image_url: url, mask_url: mask, prompt: 'A plant' },
    removeObjects: { image_url: url, objects: ['bins', 'a hose'] },
    blurObjects: { image_url: url, objects: ['faces'] },
    stage: { image_url: url, style: 'luxury', room_type: 'dining-room' },
    sketch: { image_url: url },
    generateFromText: { prompt: 'A kitchen with an island' },
  } as const;

  it.each(GENERATION_OPERATIONS)('%s accepts a body the service’s spec accepts', (operation) => {
    const body = valid[operation];
    expect(checkOperationInput(operation, body)).toEqual({ ok: true, value: body });
    expect(validateRequestBody({ method: 'POST', path: generationOperations[operation].path, body })).toEqual([]);
  });

  it.each([
    ['windowView', { image_url: url }, 'view_type', 'view_type is required'],
    [
      'windowView',
      { image_url: url, view_type: 'moon' },
      'view_type',
      'view_type must be one of mountain, beach, city, forest, garden, sunset, ocean',
    ],
    ['modify', { image_url: url, prompt: 'x' }, 'mask_url', 'mask_url is required'],
    ['inpaint', { image_url: url, mask_url: 'file:///mask.png', prompt: 'x' }, 'mask_url', 'mask_url must be an absolute http(s) URL'],
    ['edit', { image_url: url, prompt: ' ' }, 'prompt', 'prompt must not be empty'],
    ['freestyle', { prompt: 'x'.repeat(MAX_PROMPT_LENGTH + 1) }, 'prompt', `prompt must be at most ${MAX_PROMPT_LENGTH} characters`],
    ['freestyle', { image_url: url, prompt: 'x' }, undefined, 'unknown field image_url'],
    ['blurObjects', { image_url: url, objects: [] }, 'objects', 'objects must name at least one thing'],
    ['blurObjects', { image_url: url, objects: 'faces' }, 'objects', 'objects must be a list of what to find, in words'],
    ['removeObjects', { image_url: url, objects: Array(MAX_OBJECTS + 1).fill('a chair') }, 'objects', undefined],
    ['stage', { image_url: url, room_type: 'living_room' }, 'room_type', expect.stringContaining('room_type must be one of living-room,')],
    ['lighting', { image_url: url, intensity: 2 }, undefined, 'unknown field intensity'],
  ] as const)('%s refuses %j naming %s', (operation, body, field, message) => {
    const check = checkOperationInput(operation, body);
    expect(check).toMatchObject({ ok: false, field, ...(message === undefined ? {} : { message }) });
  });

  it('removeObjects takes one description as the page shows, or a list as blur does', () => {
    expect(checkInput(operationInputSchemas.removeObjects, { image_url: url, objects: 'the red car' })).toMatchObject({ ok: true });
    expect(checkOperationInput('removeObjects', { image_url: url, objects: ' ' })).toMatchObject({ ok: false, field: 'objects' });
  });
});
