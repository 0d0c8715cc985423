/**
 * Download from inside the host's sandbox, which may forbid the page's own downloads (and a zip of
 * a listing would have to be built in the app): every image is fetched, labelled "Virtually staged"
 * like the widget's downloads, and all are handed to the host in one request (`ui/download-file`),
 * so the user confirms once. An image that cannot be fetched goes as its link for the host to fetch;
 * a host without downloads opens each link instead.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { labelImage } from '@room-restyler/element/components';

export interface DownloadFile {
  url: string;
  filename: string;
}

export async function downloadThroughHost(app: App, files: readonly DownloadFile[], label: string): Promise<void> {
  if (!app.getHostCapabilities()?.downloadFile) {
    for (const { url } of files) await app.openLink({ url });
    return;
  }
  const contents = await Promise.all(files.map((file) => labelled(file, label)));
  await app.downloadFile({ contents });
}

async function labelled({ url, filename }: DownloadFile, label: string) {
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await base64Of(await labelImage(await response.blob(), label));
    return { type: 'resource' as const, resource: { uri: `file:///${filename}`, mimeType: 'image/jpeg', blob } };
  } catch {
    return { type: 'resource_link' as const, uri: url, name: filename, mimeType: 'image/jpeg' };
  }
}

export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
