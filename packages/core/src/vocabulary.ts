/**
 * The default vocabulary shared by the element and the MCP server. The service takes free text for
 * style and room type, so these are suggestions with human labels, never an allowlist. Values the
 * service documents come first; the others are the kit's extensions (`extension: true`), sent as
 * free text like anything a user types. Modes are the spec's enum, checked below.
 */
import type { Mode } from './types.js';

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

export type KnownStyle = (typeof STYLES)[number]['id'];
export type KnownRoomType = (typeof ROOM_TYPES)[number]['id'];

// Pure: a bundle that uses neither list drops them.
export const STYLE_IDS: readonly KnownStyle[] = /* @__PURE__ */ STYLES.map((s) => s.id);
export const ROOM_TYPE_IDS: readonly KnownRoomType[] = /* @__PURE__ */ ROOM_TYPES.map((r) => r.id);
/** Every mode of the spec, in order; a mode added to or removed from the spec breaks the check below. */
export const MODE_IDS = ['staging', 'restyle', 'empty-room'] as const satisfies readonly Mode[];
const everyModeOfTheSpec = <Missing extends never>(missing?: Missing) => missing;
/* @__PURE__ */ everyModeOfTheSpec<Exclude<Mode, (typeof MODE_IDS)[number]>>();
/* @__PURE__ */ everyModeOfTheSpec<Exclude<(typeof MODES)[number]['id'], (typeof MODE_IDS)[number]>>();

/** A label for any value: the known label, or the free text made readable (`wabi_sabi` → `Wabi sabi`). */
export function labelFor(entries: readonly VocabularyEntry[], id: string): string {
  const known = entries.find((e) => e.id === id);
  if (known) return known.label;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
