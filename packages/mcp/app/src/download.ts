/**
 * Download from inside the host's sandbox, which may forbid the page's own downloads: the result is
 * fetched, labelled "Virtually staged" like the widget's downloads, and handed to the host
 * (`ui/download-file`). If the image cannot be fetched, the host gets the link to fetch itself;
 * a host without downloads opens the link instead.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { labelImage } from '@room-restyler/element/components';

export async function downloadThroughHost(app: App, url: string, filename: string, label: string): Promise<void> {
  if (!app.getHostCapabilities()?.downloadFile) {
    await app.openLink({ url });
    return;
  }
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const labelled = await labelImage(await response.blob(), label);
    const blob = await base64Of(labelled);
    await app.downloadFile({ contents: [{ type: 'resource', resource: { uri: `file:///${filename}`, mimeType: 'image/jpeg', blob } }] });
  } catch {
    await app.downloadFile({ contents: [{ type: 'resource_link', uri: url, name: filename, mimeType: 'image/jpeg' }] });
  }
}

export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
