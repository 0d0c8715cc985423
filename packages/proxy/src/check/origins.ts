/** `origins`: ROOM_PROXY_ALLOWED_ORIGINS, each an exact `scheme://host[:port]`; none means same-origin pages only. */
import { type Check, fail, ok } from '@room-restyler/core/cli';

export function originsCheck(origins: readonly string[] | undefined): Check {
  return {
    label: 'origins',
    async run() {
      if (!origins?.length) return ok('none set (ROOM_PROXY_ALLOWED_ORIGINS): only pages on the proxy’s own origin may call it');
      // A browser sends `https://shop.example`, never a path or a trailing slash: such an entry matches nothing.
      const wrong = origins.filter((origin) => !URL.canParse(origin) || new URL(origin).origin !== origin);
      if (wrong.length)
        return fail(`not origins: ${wrong.join(', ')}`, 'write each as scheme://host[:port], no path or trailing slash, comma-separated');
      return ok(origins.join(', '));
    },
  };
}
