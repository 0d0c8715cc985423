import { describe, expect, it } from 'vitest';
import { GENERATION_OPERATIONS } from './operations.js';
import { GENERATION_PHASES } from './progress.js';
import {
  labelFor,
  MODE_IDS,
  MODES,
  OPERATIONS,
  ROOM_TYPE_IDS,
  ROOM_TYPES,
  STAGING_ROOM_TYPE_IDS,
  STAGING_ROOM_TYPES,
  STAGING_STYLE_IDS,
  STYLE_IDS,
  STYLES,
  VIEW_TYPE_IDS,
  VIEW_TYPES,
} from './vocabulary.js';

describe('vocabulary', () => {
  it('lists the ids of every entry, documented values first', () => {
    expect(STYLE_IDS).toEqual(STYLES.map((style) => style.id));
    expect(STYLE_IDS.slice(0, 3)).toEqual(['modern', 'minimalist', 'scandinavian']);
    expect(ROOM_TYPE_IDS.slice(0, 3)).toEqual(['living_room', 'bedroom', 'kitchen']);
    expect(ROOM_TYPE_IDS).toHaveLength(ROOM_TYPES.length);
    expect(MODE_IDS).toEqual(MODES.map((mode) => mode.id));
    expect(VIEW_TYPE_IDS).toEqual(['mountain', 'beach', 'city', 'forest', 'garden', 'sunset', 'ocean']);
    expect(STAGING_ROOM_TYPE_IDS).toEqual(STAGING_ROOM_TYPES.map((type) => type.id));
  });

  it('has a label for every view type and every generation operation, and no other', () => {
    expect(VIEW_TYPES.every((view) => view.label.length > 0)).toBe(true);
    expect(OPERATIONS.map((operation) => operation.id)).toEqual(GENERATION_OPERATIONS);
  });

  it('maps the staging page’s hyphenated room types to the kit’s, and its styles are the documented ones', () => {
    for (const { roomType, label } of STAGING_ROOM_TYPES) expect(labelFor(ROOM_TYPES, roomType)).toBe(label);
    expect(STAGING_STYLE_IDS).toEqual(STYLES.filter((style) => !('extension' in style)).map((style) => style.id));
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
