import { labelImage } from './image/disclosure.js';

/** `living_room`, `Mid century!` → `living-room`, `mid-century` */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/** A filename that says what the picture is: `living-room-scandinavian-2.jpg`. */
export function downloadName(roomType: string, style: string, index: number): string {
  return `${[slug(roomType), slug(style), String(index + 1)].filter(Boolean).join('-')}.jpg`;
}

/**
 * Saves a result. The image is fetched so the download keeps its filename (and can carry the
 * disclosure label); if the image host does not allow that (CORS), the link opens the image.
 */
export async function saveImage(url: string, filename: string, label: string | undefined): Promise<void> {
  const link = document.createElement('a');
  link.download = filename;
  let objectUrl: string | undefined;
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    let blob = await response.blob();
    if (label) blob = await labelImage(blob, label);
    link.href = objectUrl = URL.createObjectURL(blob);
  } catch {
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
  }
  link.click();
  // The click has started the download; the object URL is no longer needed.
  if (objectUrl) setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
