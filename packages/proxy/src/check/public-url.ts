/** `public URL`: the service fetches uploaded photos from ROOM_PROXY_PUBLIC_URL, so it must be reachable from there. */
import { type Check, ok, warn } from '@room-restyler/core/cli';

export function publicUrlCheck(publicUrl: string | undefined): Check {
  return {
    label: 'public URL',
    async run() {
      if (publicUrl) return ok(`${publicUrl}: upload URLs start here; the service must be able to reach it`);
      return warn(
        'not set (ROOM_PROXY_PUBLIC_URL): upload URLs name the address each request came in on',
        'behind a load balancer or on localhost, set it to the public address the service can fetch',
      );
    },
  };
}
