/** What the README documents, nothing more: the element class, locales, input limits and the event types. */
export { RoomRestyler } from './components/room-restyler/room-restyler.js';
export type { RoomRestylerEvent, RoomRestylerEventDetails, RoomRestylerEventName } from './events.js';
export { registerLocale } from './i18n/localize.js';
export type { ImageLimits } from './image/prepare.js';
export { DEFAULT_LIMITS } from './image/prepare.js';
export type { Messages } from './translations/en.js';
