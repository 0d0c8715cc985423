/**
 * The `<room-restyler>` element's standalone bundle, as the proxy serves it at
 * `{prefix}/room-restyler.js`. The proxy does not depend on the element: a source finds the bundle
 * where it can (`@room-restyler/proxy/node` reads the installed `@room-restyler/element`), and
 * answers undefined when there is none.
 */
export interface WidgetBundle {
  /** The ES module's text. */
  code: string;
  /** The version of `@room-restyler/element` it was built from (what `?v=` must name for a year of caching). */
  version: string;
}

export type WidgetSource = () => Promise<WidgetBundle | undefined>;

/** A bundle ready to serve: read once, its ETag computed once (the file does not change while the process runs). */
export interface ServedWidget extends WidgetBundle {
  etag: string;
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
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(bundle.code)));
  const hash = [...digest.subarray(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { ...bundle, etag: `"${bundle.version}-${hash}"` };
}
