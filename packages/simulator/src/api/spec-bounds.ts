/**
 * Bounds the generated types cannot carry (a `maxLength`, a `default`), each from the spec that
 * states it. spec-bounds.test.ts holds each one to its spec, so a changed bound fails the tests.
 */

/**
 * The kit's bounds on what a user may ask for (openapi/proxy-api.yaml's ImageUrlInput, StyleInput,
 * RoomTypeInput); the service documents none. The simulator holds a request to them only with `kitRules`.
 */
/** The kit's bounds on a prompt and on the objects named to remove or blur (core's input schemas). */
export { MAX_IMAGE_URL_LENGTH, MAX_OBJECTS, MAX_PROMPT_LENGTH, MAX_TEXT_LENGTH } from '@room-restyler/core/schemas';

/** `Idempotency-Key`: 1 to 255 characters, a kit rule (`x-kit-rule: true` in openapi/room-api.yaml) held only with `kitRules`. */
export const IDEMPOTENCY_KEY_LENGTH = { min: 1, max: 255 } as const;

/**
 * `limit` of `GET /api/v1/predictions`: at most 100, 20 when absent (documented). At least 1 is
 * the kit's reading (it never asks for fewer), held only with `kitRules`; without, a limit below 1
 * lists nothing.
 */
export const LIST_LIMIT = { max: 100, default: 20, kitMin: 1 } as const;
