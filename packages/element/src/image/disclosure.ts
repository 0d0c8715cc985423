/**
 * Draws a "Virtually staged" label into an image, as many listing rules require for
 * digitally altered photos. Returns a JPEG.
 */
export async function labelImage(image: Blob, label: string): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  const { width, height } = bitmap;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return image;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const size = Math.max(14, Math.round(width / 40));
  const pad = Math.round(size * 0.6);
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  const textWidth = ctx.measureText(label).width;
  const boxW = textWidth + pad * 2;
  const boxH = size + pad * 1.4;
  const x = pad;
  const y = height - boxH - pad;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.62)';
  ctx.fillRect(x, y, boxW, boxH);
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x + pad, y + boxH / 2);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}
