/**
 * `uploads`: the route `image_path` photos are sent to (ROOM_UPLOAD_URL) answers, and accepts
 * ROOM_UPLOAD_TOKEN when set. An empty POST is refused before it is stored, so nothing is uploaded;
 * a wrong token is refused with 401 before the body is read.
 */
import { type Check, fail, ok, warn } from '@room-restyler/core/cli';

export function uploadRouteCheck(uploadUrl: string | undefined, uploadToken: string | undefined): Check {
  return {
    label: 'uploads',
    async run(signal) {
      if (!uploadUrl)
        return warn(
          'ROOM_UPLOAD_URL is not set: image_path is off (image_url still works)',
          'point it at room-restyler-proxy’s /api/v1/uploads',
        );
      if (!URL.canParse(uploadUrl)) return fail(`ROOM_UPLOAD_URL "${uploadUrl}" is not a URL`);
      let response: Response;
      try {
        response = await fetch(uploadUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'image/jpeg', ...(uploadToken ? { Authorization: `Bearer ${uploadToken}` } : {}) },
          body: new Uint8Array(0),
          signal,
        });
        await response.body?.cancel();
      } catch (error) {
        return fail(`${uploadUrl} is unreachable (${(error as Error).message})`, 'start room-restyler-proxy or fix ROOM_UPLOAD_URL');
      }
      if (response.status === 404)
        return fail(
          `${uploadUrl} answered 404 (no upload route there, or uploads are off on it)`,
          'ROOM_UPLOAD_URL must name the route itself, e.g. https://proxy.example/api/v1/uploads',
        );
      if (response.status === 401 && uploadToken)
        return fail(`${uploadUrl} refused ROOM_UPLOAD_TOKEN`, 'set the same ROOM_UPLOAD_TOKEN on the proxy and here');
      return ok(
        `${uploadUrl} answers (${uploadToken ? 'ROOM_UPLOAD_TOKEN accepted' : 'no ROOM_UPLOAD_TOKEN: visitor upload limits apply'})`,
      );
    },
  };
}
