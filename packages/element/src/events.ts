import type { GenerationOperation, GenerationPhase } from '@room-restyler/core';

/** The public events of `<room-restyler>`: name → `detail`. */
export interface RoomRestylerEventDetails {
  'room-restyler-upload-start': { bytes: number };
  'room-restyler-upload-complete': { url: string };
  /** `operation`: the operationId; `style`: the style, or for an operation without one (clear sky…) its operationId. */
  'room-restyler-generate-start': { operation: GenerationOperation; style: string; roomType: string; idempotencyKey: string };
  'room-restyler-progress': {
    /** Core's progress vocabulary: `uploading` (a file), `starting`, `generating`, then `downloading` (the result images). */
    phase: GenerationPhase;
    /** The widget's one progress bar, 0–1: upload first, then the generation, then the images. Never decreases within an action. */
    progress: number;
    /** Since the upload began (`uploading`), else since the generation was requested. */
    elapsedMs: number;
    /** The time left to the end of the service's usual 10–30 s, rounded up to 5 s; undefined while uploading and once a job runs longer than usual. */
    estimatedRemainingMs?: number | undefined;
    /** Bytes uploaded (`uploading`) or result images loaded (`downloading`). */
    loaded?: number | undefined;
    total?: number | undefined;
  };
  /** The result images are loaded and shown. */
  'room-restyler-complete': { output: string[]; requestId: string };
  'room-restyler-error': { code: string; message: string; error: unknown };
  /** `phase`: where the generation was (`uploading` or `generating`). */
  'room-restyler-cancel': { phase: GenerationPhase };
  'room-restyler-download': { url: string; filename: string };
}

/** Events between the element's own parts (drop zone, cards → the element): name → `detail`. */
export interface PartEventDetails {
  /** A file was dropped, chosen or photographed. */
  'rr-file': { file: File };
  /** A file started or stopped hovering over the drop zone. */
  'rr-drag': { dragging: boolean };
  /** A card was chosen: a style, or the result to show. */
  'rr-choose': { id: string };
  /** The visitor zoomed the full-screen comparison. */
  'rr-zoom': { zoom: number };
}

export type RoomRestylerEventName = keyof RoomRestylerEventDetails;
export type RoomRestylerEvent<K extends RoomRestylerEventName> = CustomEvent<RoomRestylerEventDetails[K]>;
export type PartEvent<K extends keyof PartEventDetails> = CustomEvent<PartEventDetails[K]>;

/**
 * Dispatches a typed event from `target` and returns it. Every event bubbles. The public ones are
 * also composed, so a page can listen on any ancestor; the parts' events stay inside the element's
 * shadow root, so they never become API by accident.
 */
export function emit<K extends RoomRestylerEventName>(
  target: EventTarget,
  name: K,
  detail: RoomRestylerEventDetails[K],
): RoomRestylerEvent<K>;
export function emit<K extends keyof PartEventDetails>(target: EventTarget, name: K, detail: PartEventDetails[K]): PartEvent<K>;
export function emit(target: EventTarget, name: string, detail: unknown): CustomEvent {
  const event = new CustomEvent(name, { detail, bubbles: true, composed: !name.startsWith('rr-') });
  target.dispatchEvent(event);
  return event;
}

type RoomRestylerEvents = { [K in RoomRestylerEventName]: RoomRestylerEvent<K> };

declare global {
  // HTMLElementEventMap, DocumentEventMap and WindowEventMap all extend this one, so `addEventListener`
  // on the element, the document or the window knows each event's `detail`.
  interface GlobalEventHandlersEventMap extends RoomRestylerEvents {}
}
