/**
 * The default vocabulary shared by the element and the MCP server. The service takes free text for
 * style and room type, so these are suggestions with human labels, never an allowlist. Values the
 * service documents come first; the others are the kit's extensions (`extension: true`), sent as
 * free text like anything a user types. Modes are the spec's enum, checked below.
 */
import type { GenerationOperation } from './operations.js';
import type { Mode, StagingRoomType, StagingStyle, ViewType } from './types.js';

export interface VocabularyEntry<Id extends string = string> {
  /** The value sent to the service. */
  readonly id: Id;
  /** A human label in English. */
  readonly label: string;
  /** Not in the service's documentation: the kit suggests it; the service receives it as free text. */
  readonly extension?: true;
}

export const STYLES = [
  // Documented (docs.bright-shot.com: enhance examples and the staging style list).
  { id: 'modern', label: 'Modern' },
  { id: 'minimalist', label: 'Minimalist' },
  { id: 'scandinavian', label: 'Scandinavian' },
  { id: 'luxury', label: 'Luxury' },
  { id: 'industrial', label: 'Industrial' },
  { id: 'rustic', label: 'Rustic' },
  { id: 'coastal', label: 'Coastal' },
  { id: 'bohemian', label: 'Bohemian' },
  // The kit's extensions.
  { id: 'mid_century_modern', label: 'Mid-century modern', extension: true },
  { id: 'farmhouse', label: 'Farmhouse', extension: true },
  { id: 'traditional', label: 'Traditional', extension: true },
  { id: 'contemporary', label: 'Contemporary', extension: true },
  { id: 'japandi', label: 'Japandi', extension: true },
] as const satisfies readonly VocabularyEntry[];

export const ROOM_TYPES = [
  // Documented in the enhance and restyle examples (the older staging page spells them with hyphens).
  { id: 'living_room', label: 'Living room' },
  { id: 'bedroom', label: 'Bedroom' },
  { id: 'kitchen', label: 'Kitchen' },
  // The kit's extensions, spelled like the documented ones.
  { id: 'dining_room', label: 'Dining room', extension: true },
  { id: 'bathroom', label: 'Bathroom', extension: true },
  { id: 'home_office', label: 'Home office', extension: true },
  { id: 'kids_room', label: "Kids' room", extension: true },
  { id: 'entryway', label: 'Entryway', extension: true },
  { id: 'studio', label: 'Studio', extension: true },
  { id: 'outdoor_patio', label: 'Outdoor patio', extension: true },
] as const satisfies readonly VocabularyEntry[];

export const MODES = [
  { id: 'staging', label: 'Stage an empty room' },
  { id: 'restyle', label: 'Restyle a furnished room' },
  { id: 'empty-room', label: 'Empty the room' },
] as const satisfies readonly VocabularyEntry<Mode>[];

/** The views a window can show: the union of both window-view pages' lists (`sunset` and `ocean` only on the *Scenes* page). */
export const VIEW_TYPES = [
  { id: 'mountain', label: 'Mountains' },
  { id: 'beach', label: 'Beach' },
  { id: 'city', label: 'City' },
  { id: 'forest', label: 'Forest' },
  { id: 'garden', label: 'Garden' },
  { id: 'sunset', label: 'Sunset' },
  { id: 'ocean', label: 'Ocean' },
] as const satisfies readonly VocabularyEntry<ViewType>[];

/** The staging page's room types, spelled with hyphens, and the kit's (underscore) room type each one is. */
export const STAGING_ROOM_TYPES = [
  { id: 'living-room', label: 'Living room', roomType: 'living_room' },
  { id: 'bedroom', label: 'Bedroom', roomType: 'bedroom' },
  { id: 'kitchen', label: 'Kitchen', roomType: 'kitchen' },
  { id: 'dining-room', label: 'Dining room', roomType: 'dining_room' },
  { id: 'bathroom', label: 'Bathroom', roomType: 'bathroom' },
  { id: 'home-office', label: 'Home office', roomType: 'home_office' },
  { id: 'studio', label: 'Studio', roomType: 'studio' },
  { id: 'entryway', label: 'Entryway', roomType: 'entryway' },
  { id: 'outdoor-patio', label: 'Outdoor patio', roomType: 'outdoor_patio' },
] as const satisfies readonly (VocabularyEntry<StagingRoomType> & { roomType: KnownRoomType })[];

/** What each generation operation does, in a few words (an operation added to the spec breaks the check below until it has one). */
export const OPERATIONS = [
  { id: 'enhance', label: 'Stage or redesign a room' },
  { id: 'restyle', label: 'Restyle a room' },
  { id: 'emptyRoom', label: 'Empty the room' },
  { id: 'lighting', label: 'Fix the lighting' },
  { id: 'windowView', label: 'Change the window view' },
  { id: 'clearSky', label: 'Clear the sky' },
  { id: 'upscale', label: 'Upscale the photo' },
  { id: 'sketchToImage', label: 'Turn a sketch into a room' },
  { id: 'freestyle', label: 'Create a room from a description' },
  { id: 'modify', label: 'Change a marked area' },
  { id: 'edit', label: 'Edit with a sentence' },
  { id: 'inpaint', label: 'Repaint a marked area' },
  { id: 'removeObjects', label: 'Remove objects' },
  { id: 'blurObjects', label: 'Blur objects' },
  { id: 'stage', label: 'Stage an empty room' },
  { id: 'sketch', label: 'Turn a sketch into a room (photorealistic)' },
  { id: 'generateFromText', label: 'Create a room from a description (detailed)' },
] as const satisfies readonly VocabularyEntry<GenerationOperation>[];

export type KnownStyle = (typeof STYLES)[number]['id'];
export type KnownRoomType = (typeof ROOM_TYPES)[number]['id'];

// Pure: a bundle that uses neither list drops them.
export const STYLE_IDS: readonly KnownStyle[] = /* @__PURE__ */ STYLES.map((s) => s.id);
export const ROOM_TYPE_IDS: readonly KnownRoomType[] = /* @__PURE__ */ ROOM_TYPES.map((r) => r.id);
export const VIEW_TYPE_IDS: readonly ViewType[] = /* @__PURE__ */ VIEW_TYPES.map((v) => v.id);
export const STAGING_ROOM_TYPE_IDS: readonly StagingRoomType[] = /* @__PURE__ */ STAGING_ROOM_TYPES.map((r) => r.id);
/** Every mode of the spec, in order; a mode added to or removed from the spec breaks the check below. */
export const MODE_IDS = ['staging', 'restyle', 'empty-room'] as const satisfies readonly Mode[];
const everyValueOfTheSpec = <Missing extends never>(missing?: Missing) => missing;
/* @__PURE__ */ everyValueOfTheSpec<Exclude<Mode, (typeof MODE_IDS)[number]>>();
/* @__PURE__ */ everyValueOfTheSpec<Exclude<(typeof MODES)[number]['id'], (typeof MODE_IDS)[number]>>();
/** The staging page's closed list of styles: the documented entries of `STYLES`. */
export const STAGING_STYLE_IDS = [
  'modern',
  'minimalist',
  'scandinavian',
  'luxury',
  'industrial',
  'rustic',
  'coastal',
  'bohemian',
] as const satisfies readonly (StagingStyle & KnownStyle)[];
/* @__PURE__ */ everyValueOfTheSpec<Exclude<StagingStyle, (typeof STAGING_STYLE_IDS)[number]>>();
/* @__PURE__ */ everyValueOfTheSpec<Exclude<ViewType, (typeof VIEW_TYPES)[number]['id']>>();
/* @__PURE__ */ everyValueOfTheSpec<Exclude<StagingRoomType, (typeof STAGING_ROOM_TYPES)[number]['id']>>();
/* @__PURE__ */ everyValueOfTheSpec<Exclude<GenerationOperation, (typeof OPERATIONS)[number]['id']>>();

/** A label for any value: the known label, or the free text made readable (`wabi_sabi` → `Wabi sabi`). */
export function labelFor(entries: readonly VocabularyEntry[], id: string): string {
  const known = entries.find((e) => e.id === id);
  if (known) return known.label;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
