import { en, type MessageKey, type Messages } from '../translations/en.js';

const catalogs: Record<string, Messages> = { en };

/** Registers (or replaces) the messages of a locale, e.g. `registerLocale('fr', fr)`. */
export function registerLocale(lang: string, messages: Messages): void {
  catalogs[lang.toLowerCase()] = messages;
}

/** The catalog for a BCP 47 tag: exact match, then the primary language, then English. */
export function catalogFor(lang: string | undefined): Messages {
  const tag = (lang ?? '').toLowerCase();
  return catalogs[tag] ?? catalogs[tag.split('-')[0] ?? ''] ?? en;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(messages: Messages): Translate {
  return (key, params) => messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/** The `lang` in effect for a node: its own, or the nearest ancestor's, crossing shadow roots. */
export function langOf(node: Node): string | undefined {
  for (let n: Node | null = node; n; n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null)) {
    if (n instanceof HTMLElement && n.lang) return n.lang;
  }
  return undefined;
}
