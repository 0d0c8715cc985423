/**
 * GET /room-restyler.js: the `<room-restyler>` element as one ES module, so a site embeds the
 * widget with one script tag (no CDN, no build step). `?v=<element version>` names one build for
 * good (cached a year, immutable); the bare URL, or an old version's, is cached for 5 minutes, so a
 * deploy reaches visitors soon. Compressed as the browser accepts (75 kB of text is 27 kB gzipped).
 * It is public code: any origin may load it (a CMS page embedding the widget), unlike the API
 * routes, whose origin allowlist still holds (routes/table.ts marks this route public).
 */
import type { ProxyContext, RequestScope } from '../context.js';
import { ProxyHttpError } from '../http/responses.js';
import { type Encoding, pickEncoding } from '../widget/accept-encoding.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';

export async function handleWidget(context: ProxyContext, { request }: RequestScope): Promise<Response> {
  const widget = await context.options.widget?.();
  if (!widget)
    throw new ProxyHttpError(
      404,
      'widget_unavailable',
      'This proxy does not serve the widget: install @room-restyler/element next to @room-restyler/proxy (npm install @room-restyler/element)',
    );
  const encoding = pickEncoding(request.headers.get('accept-encoding'), new Set(Object.keys(widget.bodies) as Encoding[]));
  const etag = encoding === 'identity' ? widget.etag : `${widget.etag.slice(0, -1)}-${encoding}"`;
  const pinned = new URL(request.url).searchParams.get('v') === widget.version;
  const headers: Record<string, string> = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': pinned ? IMMUTABLE : SHORT,
    etag,
    vary: 'Accept-Encoding',
    'x-widget-version': widget.version,
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  const cached = request.headers.get('if-none-match')?.split(/\s*,\s*/) ?? [];
  if (cached.includes(etag)) return new Response(null, { status: 304, headers });
  return new Response(widget.bodies[encoding] as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
