/** The single-file CDN build: every element registered, every bundled translation included. */
export * from './define.js';

import './translations/de.js';
import './translations/fr.js';
