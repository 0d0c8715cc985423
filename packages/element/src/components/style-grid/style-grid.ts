/**
 * "Try N styles" (`try-styles`): a choice to compare several styles, which makes the style cards a
 * multi-select, the price before the click,
 * one start for every style picked, and a comparison grid that fills as each result arrives.
 * Loaded only when the site sets `try-styles`, so the default widget carries none of it. The
 * widget's own classes (the cards, the flow) come from the widget at run time, not as imports: a
 * module shared with this one would leave the widget's bundle as a chunk of its own.
 */
import { type OperationBody, operationCredits, type ProxyClient } from '@room-restyler/core';
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { FlowDependencies, GenerationFlow, GenerationRequest, OperationStart } from '../../controllers/generation-flow.js';
import type { Localizer } from '../../i18n/localize.js';
import type { Card, ChoiceCards } from '../choice-cards/choice-cards.js';

const Cards = customElements.get('room-restyler-cards') as typeof ChoiceCards;

/** The style cards as checkboxes: up to `max` picked, the others off once that many are. */
export class StyleChecks extends Cards {
  static override properties = { ...Cards.properties, picked: { attribute: false }, max: { type: Number } };
  declare picked: readonly string[];
  declare max: number;
  protected override type = 'checkbox';

  constructor() {
    super();
    this.picked = [];
    this.max = 1;
  }

  protected override isChecked(id: string): boolean {
    return this.picked.includes(id);
  }

  protected override isOff(id: string): boolean {
    return !this.isChecked(id) && this.picked.length >= this.max;
  }

  /** Each box says what is picked, also after a click the pick refused (the last style stays). */
  protected override updated(): void {
    for (const input of this.renderRoot.querySelectorAll('input')) input.checked = this.isChecked(input.value);
  }
}
if (!customElements.get('room-restyler-style-checks')) customElements.define('room-restyler-style-checks', StyleChecks);

interface Messages {
  compare(max: number): string;
  pick(max: number): string;
  price(styles: number, credits: number): string;
  tryN(styles: number): string;
  ready(done: number, all: number): string;
  left(left: number): string;
  grid: string;
  open(style: string): string;
  others: string;
}

const en: Messages = {
  compare: (max) => `Compare several styles (up to ${max})`,
  pick: (max) => `Styles — choose up to ${max}`,
  price: (styles, credits) => `${styles} ${styles === 1 ? 'style' : 'styles'} · ${credits} ${credits === 1 ? 'credit' : 'credits'}`,
  tryN: (styles) => `Try ${styles} styles`,
  ready: (done, all) => `${done} of ${all} ready`,
  left: (left) => `You can try ${left} more ${left === 1 ? 'style' : 'styles'} now. Choose fewer styles.`,
  grid: 'Your room in each style',
  open: (style) => `Open ${style}`,
  others: 'Try other styles',
};

const de: Messages = {
  compare: (max) => `Mehrere Stile vergleichen (bis zu ${max})`,
  pick: (max) => `Stile – bis zu ${max} auswählen`,
  price: (styles, credits) => `${styles} ${styles === 1 ? 'Stil' : 'Stile'} · ${credits} ${credits === 1 ? 'Credit' : 'Credits'}`,
  tryN: (styles) => `${styles} Stile ausprobieren`,
  ready: (done, all) => `${done} von ${all} fertig`,
  left: (left) => `Sie können jetzt noch ${left} ${left === 1 ? 'Stil' : 'Stile'} ausprobieren. Wählen Sie weniger Stile.`,
  grid: 'Ihr Raum in jedem Stil',
  open: (style) => `${style} öffnen`,
  others: 'Andere Stile ausprobieren',
};

const fr: Messages = {
  compare: (max) => `Comparer plusieurs styles (jusqu’à ${max})`,
  pick: (max) => `Styles — jusqu’à ${max}`,
  price: (styles, credits) => `${styles} style${styles === 1 ? '' : 's'} · ${credits} crédit${credits === 1 ? '' : 's'}`,
  tryN: (styles) => `Essayer ${styles} styles`,
  ready: (done, all) => `${done} sur ${all} ${done === 1 ? 'prêt' : 'prêts'}`,
  left: (left) => `Vous pouvez encore essayer ${left} style${left === 1 ? '' : 's'}. Choisissez moins de styles.`,
  grid: 'Votre pièce dans chaque style',
  open: (style) => `Ouvrir ${style}`,
  others: 'Essayer d’autres styles',
};

const CATALOGS: Record<string, Messages> = { en, de, fr };

/** The texts for a language tag by its primary language; English for any other. */
const messagesFor = (lang: string): Messages => CATALOGS[lang.toLowerCase().split('-')[0] ?? ''] ?? en;

/** How many styles a refusal of the tries says the visitor can still try (a 429's `left`), when some. */
function leftOf(error: unknown): number | undefined {
  const left = (error as { left?: unknown } | undefined)?.left;
  return typeof left === 'number' && left > 0 ? left : undefined;
}

/** The widget's choices that the tries read and set. */
export interface TriesHost extends ReactiveControllerHost {
  tryStyles: number;
  roomStyle: string;
  roomType: string;
  /** The widget's Cancel: it stops every style's follow too. */
  cancel(): void;
}

export interface TriesDependencies {
  /** A flow of the widget's (its dependencies, these replaced): each style's job is followed, loaded and retried as a single one is. */
  flow(deps: Pick<FlowDependencies, 'done' | 'emit'>): GenerationFlow;
  /** The proxy's one start of several styles (`POST /api/v1/tries`), through core's client. */
  startTries: ProxyClient['startTries'];
  /** The widget's events. */
  emit: FlowDependencies['emit'];
  /** The start of the chosen operation in a style (a retried style starts anew this way). */
  startFor(style: string): OperationStart;
  /** A style's result images arrived: they join the visit's results. */
  added(output: string[], request: GenerationRequest): void;
  /** Shows a result as a single one is shown (compare, full screen, download). */
  open(src: string): void;
  /** A changed pick dismisses a failure. */
  changed(): void;
}

/** One style of a run: its job's flow. */
interface Cell {
  style: string;
  flow: GenerationFlow;
}

/**
 * The tries of `<room-restyler try-styles>`: the styles picked, their price, their one start, and
 * the grid of their jobs (each one a GenerationFlow of its own, so each has its progress and error).
 */
export class StyleTries {
  /** The visitor chose to compare several styles (else the cards stay a single choice). */
  on = false;
  picked: string[];
  /** How many styles the proxy said the visitor can still try (its 429's `left`), until the next run. */
  left = Number.POSITIVE_INFINITY;
  cells: Cell[] = [];
  readonly #host: TriesHost;
  readonly #deps: TriesDependencies;

  constructor(host: TriesHost, deps: TriesDependencies) {
    this.#host = host;
    this.#deps = deps;
    this.picked = [host.roomStyle];
    host.requestUpdate();
  }

  get max(): number {
    return Math.max(1, Math.min(this.#host.tryStyles, this.left));
  }

  /** Some style is still on its way. */
  get busy(): boolean {
    return this.cells.some((cell) => cell.flow.busy);
  }

  /** Turns the comparison on or off; either way the pick starts again from the widget's style. */
  compare(on: boolean): void {
    this.on = on;
    this.picked = [this.#host.roomStyle];
    this.#deps.changed();
    this.#host.requestUpdate();
  }

  /** Adds or removes a style; the first one picked is the widget's `room-style` (a single pick generates as usual). */
  toggle(id: string): void {
    const picked = this.picked.includes(id) ? this.picked.filter((style) => style !== id) : [...this.picked, id].slice(0, this.max);
    this.picked = picked.length ? picked : [id];
    this.#host.roomStyle = this.picked[0] as string;
    this.#deps.changed();
    this.#host.requestUpdate();
  }

  /** The request of the tries for the widget's flow: it uploads the photo, then sends one start for every style picked. */
  request(): Pick<GenerationRequest, 'begin'> & OperationStart {
    const { picked } = this;
    const start = this.#deps.startFor(picked[0] as string);
    return {
      ...start,
      begin: async (uploaded, options) => {
        const { roomType } = this.#host;
        // The fields of a single start (its `mode`, `room_type`…), with the styles instead of its style.
        const { style: _style, ...fields } = start.body(uploaded) as OperationBody<'restyle'>;
        const started = await this.#deps
          .startTries({ ...fields, operation: start.operation, styles: picked }, options)
          .catch((error: unknown) => {
            this.left = leftOf(error) ?? this.left;
            throw error;
          });
        this.clear();
        this.left = Number.POSITIVE_INFINITY;
        const handles = new Map(started.tries.map(({ style, handle }) => [style, handle]));
        // A style the service refused after others had started (the answer's `failed`) starts on its own, as its Retry would.
        this.cells = picked.map((style) => {
          const flow = this.#deps.flow({
            done: this.#deps.added,
            // The widget's one bar is not theirs: each cell shows its own.
            emit: (name, detail) => name !== 'room-restyler-progress' && this.#deps.emit?.(name, detail),
          });
          void flow.start({ source: uploaded.image_url, style, roomType, requestId: handles.get(style), ...this.#deps.startFor(style) });
          return { style, flow };
        });
      },
    };
  }

  /** The visitor's message for a refusal of the tries that fewer styles would pass (a 429 with `left`). */
  message(error: unknown, lang: string): string | undefined {
    const left = leftOf(error);
    return left ? messagesFor(lang).left(left) : undefined;
  }

  cancel(): void {
    for (const { flow } of this.cells) flow.cancel();
  }

  /** Back to the choices: the grid goes (a style still running is stopped; its result would be paid for already). */
  clear(): void {
    for (const { flow } of this.cells) {
      flow.reset();
      this.#host.removeController(flow);
    }
    this.cells = [];
    this.#host.requestUpdate();
  }

  /** The choice to compare several styles, and the style cards: `single` (the widget's radio group), or checkboxes when it is on. */
  renderCards(lang: string, cards: readonly Card[], disabled: boolean, single: TemplateResult): TemplateResult {
    const t = messagesFor(lang);
    return html`<label class="choice option" part="try-styles" style="justify-self:start"
        ><input type="checkbox" .checked=${this.on} ?disabled=${disabled} @change=${(e: Event) => this.compare((e.target as HTMLInputElement).checked)} />${t.compare(this.#host.tryStyles)}</label
      >${
        this.on
          ? html`<room-restyler-style-checks
              part="style"
              exportparts="card, swatch"
              .cards=${cards}
              .picked=${this.picked}
              .max=${this.max}
              .label=${t.pick(this.max)}
              .disabled=${disabled}
              @rr-choose=${(e: CustomEvent<{ id: string }>) => this.toggle(e.detail.id)}
            ></room-restyler-style-checks>`
          : single
      }`;
  }

  /** With several styles picked: their price ("3 styles · 3 credits") and the words of the button that starts them. */
  ready(lang: string): [price: string, button: string] | undefined {
    const count = this.picked.length;
    if (count < 2) return undefined;
    const { operation } = this.#deps.startFor(this.picked[0] as string);
    const t = messagesFor(lang);
    return [t.price(count, count * operationCredits[operation]), t.tryN(count)];
  }

  /** How many styles are ready ("2 of 3 ready"): the status line, and the live region's words as each arrives. */
  summary(lang: string): string {
    const done = this.cells.filter(({ flow }) => flow.state.phase === 'succeeded').length;
    return messagesFor(lang).ready(done, this.cells.length);
  }

  /** The footer while the grid shows: how many are ready, and Cancel or Try other styles. */
  renderFooter(l: Localizer): TemplateResult {
    const t = messagesFor(l.lang);
    const busy = this.busy;
    return html`<div class="meter" part="status"><div class="status"><span>${this.summary(l.lang)}</span></div><div class="bar off"></div></div>
      <div class="actions">
        ${
          busy
            ? html`<button type="button" class="btn" part="cancel" @click=${() => this.#host.cancel()}>${l.t('cancel')}</button>`
            : html`<button type="button" class="btn" part="try-another" @click=${() => this.clear()}>${t.others}</button>`
        }
      </div>`;
  }

  /** The original and each style, labelled; each cell shows its progress, its error or its result. */
  renderGrid(l: Localizer, original: string, label: (style: string) => string, message: (error: unknown) => string): TemplateResult {
    const t = messagesFor(l.lang);
    return html`<style>
        .show:has(.grid) {
          align-self: stretch;
          contain: size;
        }
        .stage:has(.grid) {
          height: 100%;
          overflow: auto;
          padding: 4px;
          margin: -4px;
        }
        /* Two columns on a phone, three when wide: the original and up to five styles fill the panel without scrolling. */
        .grid {
          display: grid;
          grid-template-columns: 1fr 1fr;
          align-content: start;
          gap: 0.75rem;
          height: auto;
          margin: 0;
          padding: 0;
          list-style: none;
        }
        @container (min-width: 36rem) {
          .grid {
            grid-template-columns: repeat(3, 1fr);
          }
        }
        .grid figure {
          display: grid;
          gap: 0.35rem;
          margin: 0;
        }
        .tile {
          position: relative;
          display: grid;
          place-items: center;
          aspect-ratio: 4 / 3;
          overflow: hidden;
          border-radius: calc(var(--_radius) * 0.75);
          background: var(--_surface-2);
        }
        .tile img {
          position: absolute;
          inset: 0;
          width: 100%;
          height: 100%;
          object-fit: cover;
        }
        button.tile {
          padding: 0;
          border: 1px solid var(--_border);
          cursor: zoom-in;
        }
        button.tile:focus-visible {
          outline: 3px solid var(--_focus);
          outline-offset: 2px;
        }
        .tile .bar {
          position: absolute;
          inset-inline: 0.5rem;
          inset-block-end: 0.5rem;
        }
        .tile .problem {
          position: relative;
          padding: 0.5rem;
          font-size: 0.8125rem;
          background: var(--_surface);
        }
        /* As high with a Retry button as without. */
        .grid figcaption {
          min-height: 2rem;
          display: flex;
          justify-content: space-between;
          align-items: center;
          gap: 0.5rem;
          font-size: 0.875rem;
          font-weight: 600;
        }
        .grid figcaption .btn {
          min-height: 2rem;
          padding: 0 0.6rem;
          font-size: 0.8125rem;
        }
      </style>
      <ul class="grid" part="grid" aria-label=${t.grid} tabindex="-1">
        <li><figure><div class="tile"><img src=${original} alt="" /></div><figcaption>${l.t('original')}</figcaption></figure></li>
        ${this.cells.map(({ style, flow }) => {
          const name = label(style);
          const { state } = flow;
          let tile: TemplateResult;
          let retry: TemplateResult | typeof nothing = nothing;
          if (state.phase === 'succeeded') {
            const src = state.output[0] ?? '';
            tile = html`<button type="button" class="tile" part="grid-result" aria-label=${t.open(name)} @click=${() => this.#deps.open(src)}><img src=${src} alt=${name} /></button>`;
          } else if (state.phase === 'failed' || !flow.busy) {
            // Failed, or cancelled (its job still runs at the service: Retry follows it again, at no new cost).
            const text = state.phase === 'failed' ? message(state.error) : l.t('cancelSpent');
            tile = html`<div class="tile"><strong class="problem" part="grid-error">${text}</strong></div>`;
            retry = html`<button type="button" class="btn" part="grid-retry" @click=${() => void flow.retry()}>${l.t('retry')}</button>`;
          } else {
            const pct = Math.round(('progress' in state ? state.progress : 0) * 100);
            tile = html`<div class="tile"><img src=${original} alt="" style="opacity:0.45" /><div class="scan"></div
              ><div class="bar" role="progressbar" aria-label=${name} aria-valuenow=${pct} style="--_fill:${pct}%"><span></span></div></div>`;
          }
          return html`<li part="grid-cell" data-style=${style}><figure>${tile}<figcaption>${name}${retry}</figcaption></figure></li>`;
        })}
      </ul>`;
  }
}
