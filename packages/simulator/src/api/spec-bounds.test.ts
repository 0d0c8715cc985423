import { specAt } from '@room-restyler/test-kit/contract';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_LENGTH, LIST_LIMIT, MAX_IMAGE_URL_LENGTH, MAX_TEXT_LENGTH } from './spec-bounds.js';

describe('the bounds the simulator enforces', () => {
  it('are the service spec’s where it documents them', () => {
    const limit = specAt('/paths/~1api~1v1~1predictions/get/parameters/0');
    expect(limit).toMatchObject({ name: 'limit', schema: { maximum: LIST_LIMIT.max, default: LIST_LIMIT.default } });
    expect(limit).not.toHaveProperty('schema.minimum');
  });

  it('are the kit’s where the service documents none: marked so in its spec, or in the proxy’s spec', () => {
    const key = specAt('/components/parameters/IdempotencyKey/schema');
    expect(key).toMatchObject({ minLength: IDEMPOTENCY_KEY_LENGTH.min, maxLength: IDEMPOTENCY_KEY_LENGTH.max, 'x-kit-rule': true });
    for (const schema of ['StyleInput', 'RoomTypeInput'])
      expect(specAt(`/components/schemas/${schema}`, 'proxy-api')).toMatchObject({ minLength: 1, maxLength: MAX_TEXT_LENGTH });
    expect(specAt('/components/schemas/ImageUrlInput/maxLength', 'proxy-api')).toBe(MAX_IMAGE_URL_LENGTH);
  });
});
