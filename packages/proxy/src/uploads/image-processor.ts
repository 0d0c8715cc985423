/**
 * Decoding and re-encoding images is server-only work (sharp, native), so the fetch-standard core
 * takes it as an injected interface; the Node entry point provides the sharp implementation.
 */

export interface ImageLimits {
  /** Decoded pixel count above which the image is refused (decompression bombs). */
  maxPixels: number;
  /** Longest edge of the re-encoded image. */
  maxEdge: number;
}

export interface ProcessedImage {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  width: number;
  height: number;
}

export interface ImageProcessor {
  /** Re-encodes `bytes` (orientation applied, metadata stripped, resized) or throws `ImageRejectedError`. */
  process(bytes: Uint8Array, limits: ImageLimits): Promise<ProcessedImage>;
}

/** The bytes are not an image the proxy accepts (corrupt, truncated, too many pixels). */
export class ImageRejectedError extends Error {
  readonly code: 'invalid_image' | 'too_many_pixels';
  constructor(code: 'invalid_image' | 'too_many_pixels', message: string) {
    super(message);
    this.name = 'ImageRejectedError';
    this.code = code;
  }
}
