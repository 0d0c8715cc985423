/** The phases of one generation, as announced to users and reported in events. */
export type Phase = 'uploading' | 'generating' | 'done' | 'failed';

export interface RoomRestylerEventDetails {
  'room-restyler-upload-start': { bytes: number };
  'room-restyler-upload-complete': { url: string };
  'room-restyler-generate-start': { operation: 'enhance' | 'restyle'; style: string; roomType: string; idempotencyKey: string };
  'room-restyler-progress': {
    phase: Phase;
    elapsedMs: number;
    /** Time-based estimate from the polling schedule; absent when unknown. */
    estimatedRemainingMs?: number;
    /** Upload bytes, during `uploading`. */
    loaded?: number;
    total?: number;
  };
  'room-restyler-complete': { output: string[]; requestId: string };
  'room-restyler-error': { code: string; message: string; error: unknown };
  'room-restyler-cancel': { phase: Phase };
  'room-restyler-download': { url: string; filename: string };
}

export type RoomRestylerEventName = keyof RoomRestylerEventDetails;
export type RoomRestylerEvent<K extends RoomRestylerEventName> = CustomEvent<RoomRestylerEventDetails[K]>;

/** Every event bubbles and crosses shadow roots, so a page can listen on any ancestor. */
export function createEvent<K extends RoomRestylerEventName>(name: K, detail: RoomRestylerEventDetails[K]): RoomRestylerEvent<K> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true });
}

declare global {
  interface GlobalEventHandlersEventMap {
    'room-restyler-upload-start': RoomRestylerEvent<'room-restyler-upload-start'>;
    'room-restyler-upload-complete': RoomRestylerEvent<'room-restyler-upload-complete'>;
    'room-restyler-generate-start': RoomRestylerEvent<'room-restyler-generate-start'>;
    'room-restyler-progress': RoomRestylerEvent<'room-restyler-progress'>;
    'room-restyler-complete': RoomRestylerEvent<'room-restyler-complete'>;
    'room-restyler-error': RoomRestylerEvent<'room-restyler-error'>;
    'room-restyler-cancel': RoomRestylerEvent<'room-restyler-cancel'>;
    'room-restyler-download': RoomRestylerEvent<'room-restyler-download'>;
  }
}
