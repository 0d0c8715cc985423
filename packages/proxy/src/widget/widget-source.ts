/** The element's bundle served at `{prefix}/room-restyler.js` and its modules and languages beside it: the proxy does not depend on the element, a source finds them. */

export interface WidgetBundle {
  /** The ES module's text. */
  code: string;
  /** The version of `@room-restyler/element` it was built from (what `?v=` must name for a year of caching). */
  version: string;
  /** The code compressed with brotli, where the runtime can (`elementWidget()` does); gzip is computed by the proxy. */
  br?: Uint8Array | undefined;
  /** The style cards' WebP previews by style id, served at `{prefix}/room-restyler/previews/<style>.webp`. */
  previews?: ReadonlyMap<string, Uint8Array> | undefined;
  /** Each language but English, the ES module served at `{prefix}/room-restyler/translations/<lang>.js` (it imports the bundle). */
  translations?: ReadonlyMap<string, string> | undefined;
  /** What the bundle loads on first use, the ES module by name (`operations-<hash>`), served at `{prefix}/room-restyler/<name>.js` (the bundle imports `./room-restyler/<name>.js`). */
  modules?: ReadonlyMap<string, string> | undefined;
}

export type WidgetSource = () => Promise<WidgetBundle | undefined>;

/** A module ready to serve: compressed and given its ETag once. */
export interface ServedCode {
  /** The body in each encoding the proxy has. */
  bodies: { identity: Uint8Array; gzip: Uint8Array; br?: Uint8Array };
  /** `"<version>-<hash>"`, suffixed with the encoding for a compressed body. */
  etag: string;
}

/** A bundle ready to serve: read, compressed and given its ETags once (the file does not change while the process runs). */
export interface ServedWidget extends ServedCode {
  version: string;
  previews: ReadonlyMap<string, { body: Uint8Array; etag: string }>;
  translations: ReadonlyMap<string, ServedCode>;
  modules: ReadonlyMap<string, ServedCode>;
}

/** Loads the bundle on first use and keeps it; a failed or empty load is tried again next time. */
export function servedWidget(source: WidgetSource): () => Promise<ServedWidget | undefined> {
  let loaded: Promise<ServedWidget | undefined> | undefined;
  return () => {
    loaded ??= load(source).then(
      (widget) => {
        if (!widget) loaded = undefined;
        return widget;
      },
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };
}

async function load(source: WidgetSource): Promise<ServedWidget | undefined> {
  const bundle = await source();
  if (!bundle) return undefined;
  const { version } = bundle;
  const previews = new Map<string, { body: Uint8Array; etag: string }>();
  for (const [style, body] of bundle.previews ?? []) previews.set(style, { body, etag: `"${await hashOf(body)}"` });
  // The CDN build's `translations/de.js` imports `../room-restyler.js`; the proxy serves it one folder deeper.
  const translations = new Map<string, ServedCode>();
  for (const [lang, code] of bundle.translations ?? [])
    translations.set(lang, await servedCode(code.replaceAll('"../room-restyler.js"', '"../../room-restyler.js"'), version));
  const modules = new Map<string, ServedCode>();
  for (const [name, code] of bundle.modules ?? []) modules.set(name, await servedCode(code, version));
  return { version, ...(await servedCode(bundle.code, version, bundle.br)), previews, translations, modules };
}

async function servedCode(code: string, version: string, br?: Uint8Array): Promise<ServedCode> {
  const identity = new TextEncoder().encode(code);
  const gzip = new Uint8Array(await new Response(new Blob([identity]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
  return { bodies: br ? { identity, gzip, br } : { identity, gzip }, etag: `"${version}-${await hashOf(identity)}"` };
}

/** The first 12 bytes of the SHA-256, in hex. */
async function hashOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return [...digest.subarray(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
