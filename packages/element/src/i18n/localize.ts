import { en, type MessageKey, type Messages } from '../translations/en.js';

const catalogs: Record<string, Partial<Messages>> = { en };

/**
 * Registers (or replaces) the messages of a locale, e.g. `registerLocale('fr', fr)`. A partial
 * catalogue is fine: every missing key falls back to English.
 */
export function registerLocale(lang: string, messages: Partial<Messages>): void {
  catalogs[lang.toLowerCase()] = messages;
}

/** The catalogue for a BCP 47 tag: exact match, then the primary language, then English. */
export function catalogFor(lang: string | undefined): Partial<Messages> {
  const tag = (lang ?? '').toLowerCase();
  return catalogs[tag] ?? catalogs[tag.split('-')[0] ?? ''] ?? en;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Messages, numbers, sizes and durations in one language, through `Intl`. */
export interface Localizer {
  /** The language tag in effect ('' when none is set: the browser's default formats). */
  readonly lang: string;
  readonly t: Translate;
  /** The message of `key`, or undefined when no catalogue (English included) has it. */
  maybe(key: string): string | undefined;
  /** A duration rounded up to whole seconds, minutes (from 2 min) or hours (from 2 h); `narrow` for tight places. */
  duration(ms: number, display?: 'long' | 'narrow'): string;
  /** Bytes as megabytes with one decimal at most. */
  size(bytes: number): string;
  percent(fraction: number): string;
}

export function localizer(lang: string | undefined): Localizer {
  let tag: string | undefined;
  try {
    tag = Intl.NumberFormat.supportedLocalesOf(lang ?? [])[0];
  } catch {
    // Not a valid language tag: the browser's default formats.
  }
  const number = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options);
  // The catalogue is looked up at each use: a language registered after the element connected (a
  // page's elements upgrade when the bundle defines them, before its language module runs) applies.
  const maybe = (key: string): string | undefined => catalogFor(lang)[key as MessageKey] ?? en[key as MessageKey];
  return {
    lang: lang ?? '',
    maybe,
    t: (key, params) => (maybe(key) ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? '')),
    duration(ms, unitDisplay = 'long') {
      const seconds = Math.max(1, Math.ceil(ms / 1000));
      const [unit, n] =
        seconds < 120 ? ['second', seconds] : seconds < 7200 ? ['minute', Math.ceil(seconds / 60)] : ['hour', Math.ceil(seconds / 3600)];
      return number({ style: 'unit', unit, unitDisplay }).format(n);
    },
    size: (bytes) => number({ style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1048576),
    percent: (fraction) => number({ style: 'percent' }).format(fraction),
  };
}

/** The `lang` in effect for a node: its own, or the nearest ancestor's, crossing shadow roots. */
export function langOf(node: Node): string | undefined {
  for (let n: Node | null = node; n; n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null)) {
    if (n instanceof HTMLElement && n.lang) return n.lang;
  }
  return undefined;
}
