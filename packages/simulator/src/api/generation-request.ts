/** What a job is asked to make, read from the spec's request types (a renamed or removed field breaks the compile here). */
import type { EnhanceRequest, RestyleRequest } from '@room-restyler/core';
import type { GenerationRequest } from '../state/jobs.js';

/** Enhance without a style still needs a look; the real service picks one too. */
const DEFAULT_ENHANCE_STYLE = 'modern';

const roomTypeOf = (body: EnhanceRequest | RestyleRequest) => (body.room_type === undefined ? {} : { roomType: body.room_type });

export const fromEnhance = (body: EnhanceRequest): GenerationRequest => ({
  imageUrl: body.image_url,
  mode: body.mode,
  style: body.style ?? DEFAULT_ENHANCE_STYLE,
  ...roomTypeOf(body),
});

export const fromRestyle = (body: RestyleRequest): GenerationRequest => ({
  imageUrl: body.image_url,
  mode: 'restyle',
  style: body.style,
  ...roomTypeOf(body),
});
