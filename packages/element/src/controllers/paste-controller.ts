import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Where pasting an image is accepted: nowhere, while focus is inside the element, or anywhere on the page. */
export type PasteScope = 'none' | 'element' | 'document';

export interface PasteOptions {
  /** Read when the host connects and before each update, so a changed scope moves the listener. */
  scope(): PasteScope;
  /** Offered the first image of a paste; returns whether it took it (then the paste is consumed). */
  onImage(file: File): boolean;
}

/**
 * Listens for pasted images in the host's paste scope. It owns its one listener: it moves it when
 * the scope changes and removes it when the host leaves the page, without touching the host's
 * lifecycle (or any other controller's).
 */
export class PasteController implements ReactiveController {
  #target: EventTarget | undefined;
  #connected = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: PasteOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#listen();
  }

  hostUpdate(): void {
    this.#listen();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#listen();
  }

  #listen(): void {
    const scope = this.#connected ? this.options.scope() : 'none';
    const target = scope === 'document' ? this.host.ownerDocument : scope === 'element' ? this.host : undefined;
    if (target === this.#target) return;
    this.#target?.removeEventListener('paste', this.#onPaste);
    target?.addEventListener('paste', this.#onPaste);
    this.#target = target;
  }

  #onPaste = (event: Event): void => {
    const files = (event as ClipboardEvent).clipboardData?.files ?? [];
    const image = [...files].find((file) => file.type.startsWith('image/'));
    if (image && this.options.onImage(image)) event.preventDefault();
  };
}
