/**
 * Bounds of openapi/room-api.yaml that the generated types cannot carry (a `maxLength`, a
 * `default`). spec-bounds.test.ts holds each one to the spec, so a changed bound fails the tests.
 */
export { MAX_IMAGE_URL_LENGTH, MAX_TEXT_LENGTH } from '@room-restyler/core/schemas';

/** `Idempotency-Key`: 1 to 255 characters. */
export const IDEMPOTENCY_KEY_LENGTH = { min: 1, max: 255 } as const;

/** `limit` of `GET /api/v1/predictions`: 1 to 100, 20 when absent. */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
