/**
 * The origins the studio app loads images from, for its CSP: the service's (the simulator serves
 * its results there), any extra result host (`ROOM_IMAGE_ORIGINS`, e.g. the hosted service's CDN)
 * and the upload route's (photos dropped into the app, and `image_path` photos). Hosts block every
 * other origin, so a result host missing here shows as a broken image.
 */
export interface ImageOriginSettings {
  baseUrl?: string | undefined;
  uploadUrl?: string | undefined;
  imageOrigins?: readonly string[] | undefined;
}

export function studioImageOrigins({ baseUrl, uploadUrl, imageOrigins = [] }: ImageOriginSettings): string[] {
  const origins = [baseUrl, ...imageOrigins, uploadUrl].flatMap((url) => {
    const origin = url && URL.canParse(url) ? new URL(url).origin : 'null';
    return origin === 'null' ? [] : [origin];
  });
  return [...new Set(origins)];
}
