/** Registers `<room-restyler>` and its internal parts. Import once: `import '@room-restyler/element/define'`. */
import { CompareSlider } from './components/compare-slider/compare-slider.js';
import { DropZone } from './components/drop-zone/drop-zone.js';
import { Gallery } from './components/gallery/gallery.js';
import { RoomRestyler } from './components/room-restyler/room-restyler.js';
import { StylePicker } from './components/style-picker/style-picker.js';

const define = (name: string, ctor: CustomElementConstructor) => {
  // Two copies on one page must not throw; the first definition wins.
  if (!customElements.get(name)) customElements.define(name, ctor);
};

define('room-restyler-drop-zone', DropZone);
define('room-restyler-compare', CompareSlider);
define('room-restyler-gallery', Gallery);
define('room-restyler-style-picker', StylePicker);
define('room-restyler', RoomRestyler);

export * from './index.js';
