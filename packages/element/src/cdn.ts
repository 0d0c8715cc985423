/**
 * The single-file CDN build: every element registered, English included. Other languages are
 * modules beside it (`translations/de.js`, `translations/fr.js`) that import it: a page loads the
 * language's module instead, or calls `registerLocale` with its own messages.
 */
export * from './define.js';
