/**
 * GET /room-restyler.js (the element's entry module: one script tag, no CDN), the modules it loads on first use, its languages and its style previews.
 * `?v=<element version>` is cached for good; the bare URL for 5 minutes, so a deploy reaches visitors soon. Public code:
 * any origin may load it (a CMS page embedding the widget); routes/table.ts marks these routes public.
 */
import type { ProxyContext, RequestScope } from '../context.js';
import type { ProxyRequest } from '../http/proxy-request.js';
import { ProxyHttpError } from '../http/responses.js';
import type { ServedCode, ServedWidget } from '../widget/widget-source.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';
const DAY = 'public, max-age=86400';

const NO_WIDGET =
  'This proxy does not serve the widget: install @room-restyler/element next to @room-restyler/proxy (npm install @room-restyler/element)';

async function widgetOf(context: ProxyContext): Promise<ServedWidget> {
  const widget = await context.options.widget?.();
  if (!widget) throw new ProxyHttpError(404, 'widget_unavailable', NO_WIDGET);
  return widget;
}

export async function handleWidget(context: ProxyContext, { request }: RequestScope): Promise<Response> {
  const widget = await widgetOf(context);
  return answerCode(request, widget, widget.version);
}

/** The handler of one of the widget's `modules` or `translations`, named by the route's param. */
const moduleHandler =
  (kind: 'modules' | 'translations', missing: string) =>
  async (context: ProxyContext, { request, param }: RequestScope): Promise<Response> => {
    const widget = await widgetOf(context);
    const code = widget[kind].get(param ?? '');
    if (!code) throw new ProxyHttpError(404, 'not_found', missing);
    return answerCode(request, code, widget.version);
  };

export const handleTranslation = moduleHandler('translations', 'The widget has no such language');
export const handleModule = moduleHandler('modules', 'The widget has no such module');

/** A module of the widget in the encoding the browser accepts, cached for good only under `?v=<version>`. */
function answerCode(request: ProxyRequest, code: ServedCode, version: string): Response {
  const encoding = pickEncoding(request.headers.get('accept-encoding'), code.bodies);
  const identity = encoding === 'identity';
  return publicAnswer(request, code.bodies[encoding] as Uint8Array, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': new URL(request.url).searchParams.get('v') === version ? IMMUTABLE : SHORT,
    etag: identity ? code.etag : `${code.etag.slice(0, -1)}-${encoding}"`,
    vary: 'Accept-Encoding',
    'x-widget-version': version,
    ...(identity ? {} : { 'content-encoding': encoding }),
  });
}

export async function handlePreview(context: ProxyContext, { request, param }: RequestScope): Promise<Response> {
  const preview = (await widgetOf(context)).previews.get(param ?? '');
  if (!preview) throw new ProxyHttpError(404, 'not_found', 'No preview for this style');
  return publicAnswer(request, preview.body, { 'content-type': 'image/webp', 'cache-control': DAY, etag: preview.etag });
}

/** Readable from any origin, and a 304 when the browser's copy (`If-None-Match`) is current. */
function publicAnswer(request: ProxyRequest, body: Uint8Array, headers: Record<string, string> & { etag: string }): Response {
  Object.assign(headers, {
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  });
  const cached = request.headers.get('if-none-match')?.split(/\s*,\s*/) ?? [];
  if (cached.includes(headers.etag)) return new Response(null, { status: 304, headers });
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

type Encoding = keyof ServedCode['bodies'];

/** Which of the widget's encodings a request accepts (RFC 9110 `Accept-Encoding`): the smallest, else identity. */
function pickEncoding(header: string | null, available: ServedCode['bodies']): Encoding {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find((encoding) => available[encoding] && accepts(encoding)) ?? 'identity';
}
