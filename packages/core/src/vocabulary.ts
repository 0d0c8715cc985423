/**
 * The default vocabulary shared by the element and the MCP server. The service takes free text,
 * so these are suggestions with human labels, never an allowlist.
 */

export interface VocabularyEntry<Id extends string = string> {
  /** The value sent to the service. */
  readonly id: Id;
  /** A human label in English. */
  readonly label: string;
}

export const STYLES = [
  { id: 'modern', label: 'Modern' },
  { id: 'minimalist', label: 'Minimalist' },
  { id: 'scandinavian', label: 'Scandinavian' },
  { id: 'industrial', label: 'Industrial' },
  { id: 'mid_century_modern', label: 'Mid-century modern' },
  { id: 'bohemian', label: 'Bohemian' },
  { id: 'coastal', label: 'Coastal' },
  { id: 'farmhouse', label: 'Farmhouse' },
  { id: 'rustic', label: 'Rustic' },
  { id: 'traditional', label: 'Traditional' },
  { id: 'luxury', label: 'Luxury' },
  { id: 'contemporary', label: 'Contemporary' },
  { id: 'japandi', label: 'Japandi' },
] as const satisfies readonly VocabularyEntry[];

export const ROOM_TYPES = [
  { id: 'living_room', label: 'Living room' },
  { id: 'bedroom', label: 'Bedroom' },
  { id: 'kitchen', label: 'Kitchen' },
  { id: 'dining_room', label: 'Dining room' },
  { id: 'bathroom', label: 'Bathroom' },
  { id: 'home_office', label: 'Home office' },
  { id: 'kids_room', label: "Kids' room" },
  { id: 'entryway', label: 'Entryway' },
  { id: 'studio', label: 'Studio' },
  { id: 'outdoor_patio', label: 'Outdoor patio' },
] as const satisfies readonly VocabularyEntry[];

export const MODES = [
  { id: 'staging', label: 'Stage an empty room' },
  { id: 'restyle', label: 'Restyle a furnished room' },
  { id: 'empty-room', label: 'Empty the room' },
] as const satisfies readonly VocabularyEntry[];

export type KnownStyle = (typeof STYLES)[number]['id'];
export type KnownRoomType = (typeof ROOM_TYPES)[number]['id'];
export type KnownMode = (typeof MODES)[number]['id'];

export const STYLE_IDS = STYLES.map((s) => s.id) as readonly KnownStyle[];
export const ROOM_TYPE_IDS = ROOM_TYPES.map((r) => r.id) as readonly KnownRoomType[];
export const MODE_IDS = MODES.map((m) => m.id) as readonly KnownMode[];

/** A label for any value: the known label, or the free text made readable (`wabi_sabi` → `Wabi sabi`). */
export function labelFor(entries: readonly VocabularyEntry[], id: string): string {
  const known = entries.find((e) => e.id === id);
  if (known) return known.label;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
