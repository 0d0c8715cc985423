/**
 * The single-file CDN build: every element registered, English and German included (the size
 * budget holds one language besides English; French and others: `registerLocale`, or the npm
 * package's `translations/fr`).
 */
export * from './define.js';

import './translations/de.js';
