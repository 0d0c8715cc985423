/** Registers `<room-restyler>` and its internal parts. Import once: `import '@room-restyler/element/define'`. */
import { ChoiceCards } from './components/choice-cards/choice-cards.js';
import { CompareSlider } from './components/compare-slider/compare-slider.js';
import { DropZone } from './components/drop-zone/drop-zone.js';
import { RoomRestyler } from './components/room-restyler/room-restyler.js';

const define = (name: string, ctor: CustomElementConstructor) => {
  // Two copies on one page must not throw; the first definition wins.
  if (!customElements.get(name)) customElements.define(name, ctor);
};

define('room-restyler-drop-zone', DropZone);
define('room-restyler-compare', CompareSlider);
define('room-restyler-cards', ChoiceCards);
define('room-restyler', RoomRestyler);

export * from './index.js';
