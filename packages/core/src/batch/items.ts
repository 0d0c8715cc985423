/** A batch's items: every photo in every style (or operation), each with its idempotency key, fixed at planning. */
import type { GenerateInput } from '../generate.js';
import { randomKey } from '../random-key.js';

export interface BatchItem {
  /** Unique in the batch, stable across resume: `<photo index>-<variant>`. */
  id: string;
  photo: string;
  /** The style (or other variant) this item makes of the photo. */
  variant: string;
  input: GenerateInput;
  /** Sent as `Idempotency-Key` by every start of this item, the resumed ones included. */
  key: string;
}

/** `toInput` says what one photo in one variant asks the service (`{ operation: 'restyle', image_url, style }`, say). */
export function batchItems(
  photos: readonly string[],
  variants: readonly string[],
  toInput: (photo: string, variant: string) => GenerateInput,
): BatchItem[] {
  const batchKey = randomKey();
  return photos.flatMap((photo, index) =>
    variants.map((variant) => {
      const id = `${index + 1}-${variant}`;
      return { id, photo, variant, input: toInput(photo, variant), key: `${batchKey}-${id}` };
    }),
  );
}
