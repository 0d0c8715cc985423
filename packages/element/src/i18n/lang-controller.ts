import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Localizer, langOf, localizer } from './localize.js';

/**
 * Keeps a host's language current: the host's own `lang`, or its nearest ancestor's (across shadow
 * roots), re-read whenever a `lang` attribute changes anywhere above it, so a page that switches
 * `<html lang>` at run time re-renders the widget in the new language.
 */
export class LangController implements ReactiveController {
  localizer: Localizer = localizer(undefined);
  #observer: MutationObserver | undefined;

  readonly #host: ReactiveControllerHost & HTMLElement;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#resolve();
    this.#observer = new MutationObserver(() => this.#resolve());
    // Every root up the chain: the document, and each shadow root the host is nested in.
    for (let root = this.#host.getRootNode(); ; root = (root as ShadowRoot).host.getRootNode()) {
      this.#observer.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
      if (!(root instanceof ShadowRoot)) break;
    }
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
  }

  #resolve() {
    const lang = langOf(this.#host) ?? '';
    if (lang === this.localizer.lang) return;
    this.localizer = localizer(lang);
    this.#host.requestUpdate();
  }
}
