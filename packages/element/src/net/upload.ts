import { AbortError, ConnectionError, type ProxyUpload, TimeoutError } from '@room-restyler/core';
import { errorFromResponse, PROXY_PATHS } from '@room-restyler/core/internal';

export interface UploadOptions {
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
  withCredentials?: boolean;
  timeoutMs?: number;
}

/**
 * Sends an image to the proxy's upload route and resolves with the URL the service will fetch.
 * XMLHttpRequest rather than fetch because only XHR reports upload progress.
 */
export function uploadImage(baseUrl: string, blob: Blob, options: UploadOptions = {}): Promise<string> {
  const { signal, onProgress, withCredentials = true, timeoutMs = 120_000 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError('The upload was aborted'));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = (settle: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    xhr.open('POST', `${baseUrl}${PROXY_PATHS.uploads}`);
    xhr.withCredentials = withCredentials;
    xhr.timeout = timeoutMs;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Content-Type', blob.type || 'image/jpeg');
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : blob.size);
    xhr.onload = () =>
      done(() => {
        const body: unknown = xhr.response;
        const url = typeof body === 'object' && body !== null ? (body as Partial<ProxyUpload>).url : undefined;
        if (xhr.status >= 200 && xhr.status < 300 && typeof url === 'string') return resolve(url);
        reject(errorFromResponse(xhr.status, body, { headers: headersOf(xhr) }));
      });
    xhr.onerror = () => done(() => reject(new ConnectionError('The upload could not reach the server')));
    xhr.ontimeout = () => done(() => reject(new TimeoutError(`The upload timed out after ${timeoutMs} ms`, { timeoutMs })));
    xhr.onabort = () => done(() => reject(new AbortError('The upload was aborted')));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(blob);
  });
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
