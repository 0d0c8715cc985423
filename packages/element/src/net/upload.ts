import type { FetchLike } from '@room-restyler/core';

/**
 * A fetch over XMLHttpRequest for core's proxy client, used for the upload: only XHR reports upload
 * progress. Credentials, the timeout, abort and the typed errors stay core's.
 */
export function fetchWithProgress(onProgress: (loaded: number, total: number) => void): FetchLike {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = init.credentials === 'include';
      xhr.responseType = 'blob';
      for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total);
      xhr.onload = () => resolve(new Response(xhr.response as Blob, { status: xhr.status, headers: headersOf(xhr) }));
      xhr.onerror = () => reject(new TypeError('The upload could not reach the server'));
      // Core's call rejects with the signal's reason (the visitor's abort or its timeout).
      xhr.onabort = () => reject(init.signal?.reason);
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body as XMLHttpRequestBodyInit);
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
