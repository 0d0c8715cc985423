/**
 * The widget's parts for other builds that compose them their own way (the MCP App's studio view):
 * the compare slider, the cards (styles and the results gallery), the drop zone, and what the
 * widget uses around them — photo preparation, the download name and label, the theme, the
 * messages and the progress estimate. Nothing here registers an element: the caller defines the
 * parts it uses. Not part of `<room-restyler>`'s bundle.
 */
export type { Card } from './components/choice-cards/choice-cards.js';
export { ChoiceCards } from './components/choice-cards/choice-cards.js';
export { CompareSlider } from './components/compare-slider/compare-slider.js';
export { DropZone } from './components/drop-zone/drop-zone.js';
/** The widget's own layout (stage, choices, status line and bar, actions), for a view built from the same parts. */
export { default as widgetStyles } from './components/room-restyler/room-restyler.styles.js';
export { downloadName } from './download.js';
export { errorMessage } from './errors/error-message.js';
export type { PartEvent } from './events.js';
export { LangController } from './i18n/lang-controller.js';
export { labelImage } from './image/disclosure.js';
export { DEFAULT_LIMITS, prepareImage } from './image/prepare.js';
export { generationShare, remainingMs } from './progress/estimate.js';
export { buttonStyles } from './styles/shared.styles.js';
export { themeStyles } from './styles/theme.styles.js';
