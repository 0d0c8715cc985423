import { describe, expect, it } from 'vitest';
import { GENERATION_PHASES } from './progress.js';
import { labelFor, MODE_IDS, MODES, ROOM_TYPE_IDS, ROOM_TYPES, STYLE_IDS, STYLES } from './vocabulary.js';

describe('vocabulary', () => {
  it('lists the ids of every entry, documented values first', () => {
    expect(STYLE_IDS).toEqual(STYLES.map((style) => style.id));
    expect(STYLE_IDS.slice(0, 3)).toEqual(['modern', 'minimalist', 'scandinavian']);
    expect(ROOM_TYPE_IDS.slice(0, 3)).toEqual(['living_room', 'bedroom', 'kitchen']);
    expect(ROOM_TYPE_IDS).toHaveLength(ROOM_TYPES.length);
    expect(MODE_IDS).toEqual(MODES.map((mode) => mode.id));
  });

  it.each([
    [STYLES, 'mid_century_modern', 'Mid-century modern'],
    [ROOM_TYPES, 'kids_room', "Kids' room"],
    [STYLES, 'wabi_sabi', 'Wabi sabi'],
    [STYLES, '__art--deco__', 'Art deco'],
    [ROOM_TYPES, 'attic', 'Attic'],
    [ROOM_TYPES, '', ''],
  ])('labels %#: "%s" reads "%s"', (entries, id, label) => {
    expect(labelFor(entries, id)).toBe(label);
  });

  it('names the phases of a generation in the order they happen', () => {
    expect(GENERATION_PHASES).toEqual(['uploading', 'starting', 'generating', 'downloading', 'succeeded', 'failed']);
  });
});
