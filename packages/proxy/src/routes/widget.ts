/**
 * GET /room-restyler.js: the `<room-restyler>` element as one ES module, so a site embeds the
 * widget with one script tag from its own origin (no CDN, no build step). `?v=<element version>`
 * names one build for good (cached a year, immutable); the bare URL, or an old version's, is
 * cached for 5 minutes, so a deploy reaches visitors soon.
 */
import type { ProxyContext, RequestScope } from '../context.js';
import { ProxyHttpError } from '../http/responses.js';

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
  const pinned = new URL(request.url).searchParams.get('v') === widget.version;
  const headers = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': pinned ? IMMUTABLE : SHORT,
    etag: widget.etag,
    'x-widget-version': widget.version,
    'x-content-type-options': 'nosniff',
  };
  if (
    request.headers
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(widget.etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(widget.code, { status: 200, headers });
}
