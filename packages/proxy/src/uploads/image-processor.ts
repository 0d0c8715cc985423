/** Re-encoding images is native work (sharp): the portable core takes it as an interface, Node provides sharp. */

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
  override readonly name = 'ImageRejectedError';
  constructor(
    readonly code: 'invalid_image' | 'too_many_pixels',
    message: string,
  ) {
    super(message);
  }
}
