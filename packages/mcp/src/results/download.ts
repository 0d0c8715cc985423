/** Fetches a result image once, for previews and saving. Bounded in size and time. */

export interface DownloadedImage {
  url: string;
  bytes: Buffer;
  /** From the response, e.g. `image/jpeg`; `application/octet-stream` when the server did not say. */
  contentType: string;
}

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 20_000;

export async function downloadImage(fetchImpl: typeof fetch, url: string, signal: AbortSignal): Promise<DownloadedImage> {
  const response = await fetchImpl(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]) });
  if (!response.ok) throw new Error(`downloading ${url} failed with HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw new Error(`${url} is larger than ${MAX_IMAGE_BYTES} bytes`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new Error(`${url} is larger than ${MAX_IMAGE_BYTES} bytes`);
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream';
  return { url, bytes, contentType };
}
