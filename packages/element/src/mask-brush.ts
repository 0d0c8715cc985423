/**
 * Registers `<room-restyler-mask-brush>`: `import '@room-restyler/element/mask-brush'`, or `import()`
 * it when a mask operation is offered. `/define` does not include it (the CDN build has it beside its entry).
 */
import { MaskBrush } from './components/mask-brush/mask-brush.js';

if (!customElements.get('room-restyler-mask-brush')) customElements.define('room-restyler-mask-brush', MaskBrush);

export { MaskBrush };
