/**
 * The CDN build's entry: every element registered, English included. What it loads on first use
 * (the viewer, the proxy's client, the extra operations, the mask brush) is in modules beside it
 * (`room-restyler/<name>.js`, relative URLs). Other languages are modules beside it too
 * (`translations/de.js`, `translations/fr.js`) that import it: a page loads the language's module
 * instead, or calls `registerLocale` with its own messages.
 */
export * from './define.js';
