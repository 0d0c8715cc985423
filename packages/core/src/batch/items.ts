/** A batch's items: every photo in every style (or operation), each with its idempotency key, fixed at planning. */
import type { GenerateInput } from '../generate.js';
import { randomKey } from '../random-key.js';

/** A photo's URL, or its URL and a name for its items (the CLI's file names); unnamed photos are numbered from 1. */
export type BatchPhoto = string | { url: string; name: string };

export interface BatchItem {
  /** `<photo name>-<variant>`: unique in the batch, stable across resume. */
  id: string;
  /** The photo's URL. */
  photo: string;
  name: string;
  /** The style (or other variant) this item makes of the photo. */
  variant: string;
  input: GenerateInput;
  /** Sent as `Idempotency-Key` by every start of this item, the resumed ones included. */
  key: string;
}

/** `toInput` says what one photo in one variant asks the service (`{ operation: 'restyle', image_url, style }`, say). */
export function batchItems(
  photos: readonly BatchPhoto[],
  variants: readonly string[],
  toInput: (photo: string, variant: string) => GenerateInput,
): BatchItem[] {
  const batchKey = randomKey();
  const items = photos.flatMap((photo, index) => {
    const { url, name } = typeof photo === 'string' ? { url: photo, name: String(index + 1) } : photo;
    return variants.map((variant) => {
      const id = `${name}-${variant}`;
      return { id, photo: url, name, variant, input: toInput(url, variant), key: `${batchKey}-${id}` };
    });
  });
  const ids = new Set(items.map((item) => item.id));
  if (ids.size < items.length) throw new TypeError('batchItems: two items would have the same id: name the photos apart');
  return items;
}
