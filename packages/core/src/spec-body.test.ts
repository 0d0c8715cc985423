import { describe, expect, expectTypeOf, it } from 'vitest';
import { specBody } from './spec-body.js';
import type { RestyleRequest } from './types.js';

describe('specBody', () => {
  it('leaves out fields whose value is missing', () => {
    const roomType: string | undefined = undefined;
    expect(specBody<RestyleRequest>({ image_url: 'https://example.com/a.jpg', style: 'coastal', room_type: roomType })).toEqual({
      image_url: 'https://example.com/a.jpg',
      style: 'coastal',
    });
  });

  it("is checked against the spec's type: unknown fields and missing required ones do not compile", () => {
    expectTypeOf(specBody<RestyleRequest>)
      .parameter(0)
      .toHaveProperty('room_type');
    // @ts-expect-error `prompt` is not a field of RestyleRequest
    specBody<RestyleRequest>({ image_url: 'https://example.com/a.jpg', style: 'coastal', prompt: 'x' });
    // @ts-expect-error `style` is required
    specBody<RestyleRequest>({ image_url: 'https://example.com/a.jpg' });
  });
});
