/**
 * The operations a site may offer beyond staging and restyling (`operations="clearSky,inpaint"`):
 * the fields each one shows, the body it sends, and their texts in English, German and French.
 * Loaded only when the site lists one of them, so the default widget carries none of it.
 */
import type { OperationBody, ViewType } from '@room-restyler/core';
import {
  labelFor,
  OPERATIONS,
  ROOM_TYPES,
  STAGING_ROOM_TYPES,
  STAGING_STYLE_IDS,
  STYLES,
  VIEW_TYPES,
  type VocabularyEntry,
} from '@room-restyler/core/vocabulary';
import type { ReactiveControllerHost } from 'lit';
import { html, nothing, type TemplateResult } from 'lit';
import type { OperationStart, Uploaded } from '../../controllers/generation-flow.js';
import type { RoomRestylerEvent } from '../../events.js';
import type { Localizer } from '../../i18n/localize.js';

/** What the visitor entered for the chosen operation: `text` is its prompt, or the objects to remove or blur. */
export interface OperationInput {
  viewType: ViewType;
  text: string;
  /** The painted mask (PNG); none until something is marked. */
  mask?: Blob | undefined;
}

/** The choices of `<room-restyler>` that the operations read and set. */
export interface OperationsHost extends ReactiveControllerHost {
  readonly renderRoot: ParentNode;
  operations: string;
  mode: 'staging' | 'restyle';
  roomStyle: string;
  roomType: string;
}

/** `style`: the style cards and room type, as for staging; `no-photo`: a text-only operation, which skips the photo step. */
type Field = 'style' | 'view' | 'prompt' | 'objects' | 'mask' | 'no-photo';

/** An operation offered: staging (`enhance`), `restyle` (the widget's own), or one of this module's. */
export type Offered = 'enhance' | 'restyle' | ExtraOperation;
const isBuiltIn = (id: string): id is 'enhance' | 'restyle' => id === 'enhance' || id === 'restyle';

interface Operation<O extends ExtraOperation> {
  fields: readonly Field[];
  body(uploaded: Uploaded, input: OperationInput & { style: string; roomType: string }): OperationBody<O>;
}

/** The operations the widget offers besides `enhance` and `restyle`. */
export type ExtraOperation =
  | 'emptyRoom'
  | 'lighting'
  | 'windowView'
  | 'clearSky'
  | 'upscale'
  | 'sketchToImage'
  | 'modify'
  | 'edit'
  | 'inpaint'
  | 'removeObjects'
  | 'blurObjects'
  | 'sketch'
  | 'stage'
  | 'freestyle'
  | 'generateFromText';

const photoOnly = { fields: [], body: ({ image_url }: Uploaded) => ({ image_url }) };
const styled = {
  fields: ['style'],
  body: ({ image_url }: Uploaded, { style, roomType }: { style: string; roomType: string }) =>
    ({ image_url, style, room_type: roomType }) satisfies OperationBody<'sketchToImage'> & OperationBody<'sketch'>,
} as const;
const masked = {
  fields: ['prompt', 'mask'],
  body: ({ image_url, mask_url }: Uploaded, { text }: OperationInput) =>
    ({ image_url, mask_url, prompt: text.trim() }) satisfies OperationBody<'modify'> & OperationBody<'inpaint'>,
} as const;
const objects = {
  fields: ['objects'],
  body: ({ image_url }: Uploaded, { text }: OperationInput) =>
    ({
      image_url,
      objects: text
        .split(',')
        .map((object) => object.trim())
        .filter(Boolean),
    }) satisfies OperationBody<'removeObjects'> & OperationBody<'blurObjects'>,
} as const;

/** A room from words alone: no photo is asked for or uploaded. */
const described = {
  fields: ['prompt', 'no-photo'],
  body: (_uploaded: Uploaded, { text }: OperationInput) =>
    ({ prompt: text.trim() }) satisfies OperationBody<'freestyle'> & OperationBody<'generateFromText'>,
} as const;

/** Each body typed as (and `satisfies`) the spec's request of its operation: a change of the spec breaks this compile. */
const OPERATION_TABLE: { readonly [O in ExtraOperation]: Operation<O> } = {
  emptyRoom: photoOnly,
  // The docs name no lighting option: the photo alone.
  lighting: photoOnly,
  windowView: {
    fields: ['view'],
    body: ({ image_url }, { viewType }) => ({ image_url, view_type: viewType }) satisfies OperationBody<'windowView'>,
  },
  clearSky: photoOnly,
  upscale: photoOnly,
  sketchToImage: styled,
  modify: masked,
  edit: { fields: ['prompt'], body: ({ image_url }, { text }) => ({ image_url, prompt: text.trim() }) satisfies OperationBody<'edit'> },
  inpaint: masked,
  removeObjects: objects,
  blurObjects: objects,
  sketch: styled,
  freestyle: described,
  generateFromText: described,
  // The staging page's closed lists: `choose` keeps the host's style and room type within them.
  stage: {
    fields: ['style'],
    body: ({ image_url }, { style, roomType }) => {
      const stagingStyle = STAGING_STYLE_IDS.find((id) => id === style);
      const stagingRoomType = STAGING_ROOM_TYPES.find((entry) => entry.roomType === roomType)?.id;
      return {
        image_url,
        ...(stagingStyle && { style: stagingStyle }),
        ...(stagingRoomType && { room_type: stagingRoomType }),
      } satisfies OperationBody<'stage'>;
    },
  },
};

/** Staging's styles and room types (the staging page spells its room types with hyphens; the widget shows the kit's). */
const STAGING_STYLES: readonly VocabularyEntry[] = STYLES.filter(({ id }) => STAGING_STYLE_IDS.some((staging) => staging === id));
const STAGING_ROOMS: readonly VocabularyEntry[] = ROOM_TYPES.filter(({ id }) => STAGING_ROOM_TYPES.some((r) => r.roomType === id));

interface Messages {
  operations: Record<ExtraOperation, string>;
  views: Record<ViewType, string>;
  view: string;
  prompt: string;
  /** The prompt of the text-only operations. */
  describe: string;
  remove: string;
  blur: string;
}

// English names are core's vocabulary labels.
const label = <Id extends string>(entries: readonly { id: Id; label: string }[]) =>
  Object.fromEntries(entries.map(({ id }) => [id, labelFor(entries, id)])) as Record<Id, string>;

const en: Messages = {
  operations: label(OPERATIONS),
  views: label(VIEW_TYPES),
  view: 'View in the windows',
  prompt: 'Describe the change',
  describe: 'Describe the room',
  remove: 'What to remove (separate with commas)',
  blur: 'What to blur (separate with commas)',
};

const de: Messages = {
  operations: {
    emptyRoom: 'Raum leer räumen',
    lighting: 'Belichtung verbessern',
    windowView: 'Fensterblick ändern',
    clearSky: 'Himmel aufklaren',
    upscale: 'Foto vergrößern',
    sketchToImage: 'Skizze in einen Raum verwandeln',
    modify: 'Markierten Bereich ändern',
    edit: 'Mit einem Satz bearbeiten',
    inpaint: 'Markierten Bereich neu malen',
    removeObjects: 'Objekte entfernen',
    blurObjects: 'Objekte unkenntlich machen',
    sketch: 'Skizze in einen Raum verwandeln (fotorealistisch)',
    stage: 'Leeren Raum einrichten',
    freestyle: 'Raum aus einer Beschreibung erstellen',
    generateFromText: 'Raum aus einer Beschreibung erstellen (ausführlich)',
  },
  views: { mountain: 'Berge', beach: 'Strand', city: 'Stadt', forest: 'Wald', garden: 'Garten', sunset: 'Sonnenuntergang', ocean: 'Meer' },
  view: 'Blick aus den Fenstern',
  prompt: 'Beschreiben Sie die Änderung',
  describe: 'Beschreiben Sie den Raum',
  remove: 'Was entfernt werden soll (durch Kommas getrennt)',
  blur: 'Was unkenntlich werden soll (durch Kommas getrennt)',
};

const fr: Messages = {
  operations: {
    emptyRoom: 'Vider la pièce',
    lighting: 'Corriger la lumière',
    windowView: 'Changer la vue des fenêtres',
    clearSky: 'Dégager le ciel',
    upscale: 'Agrandir la photo',
    sketchToImage: 'Transformer un croquis en pièce',
    modify: 'Modifier une zone marquée',
    edit: 'Modifier par une phrase',
    inpaint: 'Repeindre une zone marquée',
    removeObjects: 'Retirer des objets',
    blurObjects: 'Flouter des objets',
    sketch: 'Transformer un croquis en pièce (photoréaliste)',
    stage: 'Meubler une pièce vide',
    freestyle: 'Créer une pièce à partir d’une description',
    generateFromText: 'Créer une pièce à partir d’une description (détaillée)',
  },
  views: {
    mountain: 'Montagnes',
    beach: 'Plage',
    city: 'Ville',
    forest: 'Forêt',
    garden: 'Jardin',
    sunset: 'Coucher de soleil',
    ocean: 'Océan',
  },
  view: 'Vue des fenêtres',
  prompt: 'Décrivez la modification',
  describe: 'Décrivez la pièce',
  remove: 'Ce qu’il faut retirer (séparé par des virgules)',
  blur: 'Ce qu’il faut flouter (séparé par des virgules)',
};

const CATALOGS: Record<string, Messages> = { en, de, fr };

/** The texts for a language tag by its primary language; English for any other. */
const messagesFor = (lang: string): Messages => CATALOGS[lang.toLowerCase().split('-')[0] ?? ''] ?? en;

const has = (operation: Offered | undefined, field: Field) =>
  !!operation && !isBuiltIn(operation) && OPERATION_TABLE[operation].fields.includes(field);

const INPUT: OperationInput = { viewType: 'mountain', text: '' };

/**
 * The site's chosen operations (`operations`) as the widget's choice: which one is chosen, what
 * the visitor entered for it, its fields and its start. Staging and restyling stay the widget's
 * (their body, their words); choosing one sets the host's `mode`.
 */
export class Operations {
  /** The extra operation chosen; staging and restyling follow the host's `mode`. */
  picked: ExtraOperation | undefined;
  input = INPUT;
  #maskedPhoto = '';
  readonly #host: OperationsHost;
  /** Called after each change of the visitor's (the host dismisses a failure or a notice). */
  readonly #changed: () => void;

  constructor(host: OperationsHost, changed: () => void) {
    this.#host = host;
    this.#changed = changed;
    host.requestUpdate();
  }

  /** The listed operations the widget knows, in the site's order; staging and restyling when none is. */
  get offered(): Offered[] {
    const listed = this.#host.operations.split(',').map((id) => id.trim());
    const offered = listed.filter((id): id is Offered => isBuiltIn(id) || Object.hasOwn(OPERATION_TABLE, id));
    return offered.length ? offered : ['enhance', 'restyle'];
  }

  /** The extra operation picked, else the one `mode` names, else the first offered. */
  get chosen(): Offered {
    const { offered } = this;
    const byMode: Offered = this.#host.mode === 'restyle' ? 'restyle' : 'enhance';
    return [this.picked, byMode].find((id) => id && offered.includes(id)) ?? (offered[0] as Offered);
  }

  /** Whether the chosen operation shows the style cards and room type. */
  get styled(): boolean {
    return isBuiltIn(this.chosen) || has(this.chosen, 'style');
  }

  /** Whether the chosen operation takes no photo (the text-only ones): the photo step is skipped, the result shows alone. */
  get photoless(): boolean {
    return has(this.chosen, 'no-photo');
  }

  /** Each operation offered and its words (staging's and restyling's are the widget's). */
  items({ t, lang }: Localizer): [Offered, string][] {
    return this.offered.map((id) => [
      id,
      id === 'enhance' ? t('modeStaging') : id === 'restyle' ? t('modeRestyle') : messagesFor(lang).operations[id],
    ]);
  }

  /** The name of an extra operation (the chosen one by default), for the heading and the results; none for staging and restyling. */
  label(lang: string, operation: string | undefined = this.chosen): string | undefined {
    return operation && !isBuiltIn(operation) && Object.hasOwn(OPERATION_TABLE, operation)
      ? messagesFor(lang).operations[operation as ExtraOperation]
      : undefined;
  }

  /** The style and room-type choices of `stage`: the staging page's closed lists (the widget's for the others). */
  get vocabulary(): { styleOptions: readonly VocabularyEntry[]; roomTypeOptions: readonly VocabularyEntry[] } | undefined {
    return this.chosen === 'stage' ? { styleOptions: STAGING_STYLES, roomTypeOptions: STAGING_ROOMS } : undefined;
  }

  choose(id: Offered): void {
    if (isBuiltIn(id)) this.#host.mode = id === 'restyle' ? 'restyle' : 'staging';
    this.picked = isBuiltIn(id) ? undefined : id;
    if (id === 'stage') {
      // A style or room type the staging page does not list becomes its first.
      const host = this.#host;
      if (!STAGING_STYLES.some((s) => s.id === host.roomStyle)) host.roomStyle = STAGING_STYLES[0]?.id ?? host.roomStyle;
      if (!STAGING_ROOMS.some((r) => r.id === host.roomType)) host.roomType = STAGING_ROOMS[0]?.id ?? host.roomType;
    }
    this.#update();
  }

  enter(change: Partial<OperationInput>): void {
    this.input = { ...this.input, ...change };
    this.#update();
  }

  /** Back to the first choice (a form reset). */
  reset(): void {
    this.picked = undefined;
    this.input = INPUT;
  }

  /**
   * The chosen extra operation's start, with the mask it takes; none for staging and restyling. None
   * either while its text or mask is missing: focus goes there, so Generate says what it needs.
   */
  start(): (OperationStart & { mask?: Blob | undefined; style?: string; source?: undefined }) | undefined {
    const { chosen, input } = this;
    if (isBuiltIn(chosen)) return undefined;
    const missing =
      ((has(chosen, 'prompt') || has(chosen, 'objects')) && !input.text.trim() && '[part~="prompt"]') ||
      (has(chosen, 'mask') && !input.mask && '[part~="mask-brush"]');
    if (missing) {
      const field = this.#host.renderRoot.querySelector<HTMLElement & { renderRoot?: ParentNode }>(missing);
      // The brush takes focus on its stage (the rectangle of the keyboard).
      (field?.renderRoot?.querySelector<HTMLElement>('[part~="stage"]') ?? field)?.focus();
      return undefined;
    }
    const { body } = OPERATION_TABLE[chosen];
    const choices = { ...input, style: this.#host.roomStyle, roomType: this.#host.roomType };
    // The table pairs each operation with its own body; TypeScript cannot follow that through `chosen`.
    const start = { operation: chosen, body: (uploaded: Uploaded) => body(uploaded, choices) } as OperationStart;
    // An operation without a style names its results (and its `style` in the events) by its id.
    // The text-only operations upload no photo, even one chosen before.
    return {
      ...start,
      mask: has(chosen, 'mask') ? input.mask : undefined,
      ...(!has(chosen, 'style') && { style: chosen }),
      ...(this.photoless && { source: undefined }),
    };
  }

  /** The chosen operation's own fields (the style cards and room type are the widget's). */
  renderFields(lang: string, disabled: boolean): TemplateResult {
    const { chosen, input } = this;
    const t = messagesFor(lang);
    const text = has(chosen, 'no-photo')
      ? t.describe
      : has(chosen, 'prompt')
        ? t.prompt
        : has(chosen, 'objects')
          ? t[chosen === 'blurObjects' ? 'blur' : 'remove']
          : '';
    // Styles of this module's parts, here rather than in the widget's (which every page loads): the
    // text area, the result of the text-only operations, and the brush's photo, toolbar and hint above the choices instead of over them.
    return html`<style>
        .panel:has(room-restyler-mask-brush) {
          gap: 0.75rem;
        }
        .panel:has(room-restyler-mask-brush) > * {
          grid-area: auto;
        }
        .panel:has(room-restyler-mask-brush) .choices::before {
          display: none;
        }
        .stage:has(room-restyler-mask-brush) {
          height: auto;
        }
        room-restyler-mask-brush {
          --room-restyler-mask-height: 30rem;
        }
        [part~='after'] {
          display: block;
          width: 100%;
          height: 100%;
          object-fit: contain;
        }
        textarea {
          min-height: 4.5rem;
          padding-block: 0.5rem;
          resize: vertical;
        }
      </style>${
        has(chosen, 'view')
          ? html`<label class="field"
            >${t.view}
            <select part="view-type" ?disabled=${disabled} @change=${(e: Event) => this.enter({ viewType: (e.target as HTMLSelectElement).value as ViewType })}>
              ${VIEW_TYPES.map(({ id }) => html`<option value=${id} ?selected=${id === input.viewType}>${t.views[id]}</option>`)}
            </select>
          </label>`
          : nothing
      }${
        text
          ? html`<label class="field"
            >${text}
            <textarea part="prompt" rows="2" maxlength="1000" ?disabled=${disabled} .value=${input.text} @input=${(e: Event) => this.enter({ text: (e.target as HTMLTextAreaElement).value })}></textarea>
          </label>`
          : nothing
      }`;
  }

  /** The result of a text-only operation, alone: nothing to compare a room made from words with. */
  renderResult(t: Localizer['t'], src = ''): TemplateResult | undefined {
    if (!this.photoless) return undefined;
    return html`<style>
        [part~='compare-with'] {
          display: none;
        }</style
      ><img part="after" src=${src} alt=${t('after')} />`;
  }

  /** The photo under the mask brush, for the operations that take a mask (the brush loads with the first of them); no photo for the text-only ones. */
  renderMask(photo: { src: string } | undefined): TemplateResult | typeof nothing | undefined {
    if (this.photoless) return nothing;
    if (!has(this.chosen, 'mask') || !photo) return undefined;
    const { src } = photo;
    // A mask belongs to one photo (the brush drops its marks for another).
    if (src !== this.#maskedPhoto) this.input = { ...this.input, mask: undefined };
    this.#maskedPhoto = src;
    void import('../../mask-brush.js');
    return html`<room-restyler-mask-brush
      part="mask-brush"
      exportparts="stage: mask-stage, toolbar: mask-toolbar"
      src=${src}
      @room-restyler-mask-change=${(e: RoomRestylerEvent<'room-restyler-mask-change'>) => this.enter({ mask: e.detail.empty ? undefined : e.detail.mask })}
    ></room-restyler-mask-brush>`;
  }

  #update() {
    this.#changed();
    this.#host.requestUpdate();
  }
}
