import { describe, expect, it } from 'vitest';
import { ACCEPTED_IMAGE_TYPES, sniffImageType } from './image-type.js';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffImageType', () => {
  it.each([
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/heic', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['image/heic', bytes([0, 0, 0, 0x18], 'ftypmif1')],
  ])('recognises %s by its first bytes', (type, head) => {
    expect(sniffImageType(head)).toBe(type);
  });

  it.each([
    ['a GIF', bytes('GIF89a')],
    ['a PDF', bytes('%PDF-1.7')],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['an MP4', bytes([0, 0, 0, 0x18], 'ftypisom')],
    ['WEBP without RIFF', bytes('RIFX', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['a HEIC brand without ftyp', bytes([0, 0, 0, 0x18], 'fxypheic')],
    ['a truncated JPEG', bytes([0xff, 0xd8])],
    ['nothing', bytes()],
  ])('refuses %s', (_what, head) => {
    expect(sniffImageType(head)).toBeUndefined();
  });

  it('accepts what the service accepts: JPEG, PNG and WebP (HEIC is recognised only to be refused clearly)', () => {
    expect(ACCEPTED_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });
});
