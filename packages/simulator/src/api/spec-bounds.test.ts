import { specAt } from '@room-restyler/test-kit/contract';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_LENGTH, LIST_LIMIT, MAX_IMAGE_URL_LENGTH, MAX_TEXT_LENGTH } from './spec-bounds.js';

describe('the bounds the simulator enforces', () => {
  it('are the spec’s', () => {
    const key = specAt('/components/parameters/IdempotencyKey/schema');
    expect(key).toMatchObject({ minLength: IDEMPOTENCY_KEY_LENGTH.min, maxLength: IDEMPOTENCY_KEY_LENGTH.max });
    const limit = specAt('/paths/~1api~1v1~1predictions/get/parameters/0');
    expect(limit).toMatchObject({
      name: 'limit',
      schema: { minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default },
    });
    for (const schema of ['Style', 'RoomType'])
      expect(specAt(`/components/schemas/${schema}`)).toMatchObject({ minLength: 1, maxLength: MAX_TEXT_LENGTH });
    expect(specAt('/components/schemas/ImageUrl/maxLength')).toBe(MAX_IMAGE_URL_LENGTH);
  });
});
