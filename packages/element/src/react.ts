import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { RoomRestyler } from './components/room-restyler/room-restyler.js';
import './define.js';
import type { RoomRestylerEvent } from './events.js';

/**
 * `<RoomRestyler endpoint="/room-api" onComplete={(e) => …} />` for React 18/19.
 * Props map to the element's properties; `on*` props to its events.
 */
export const RoomRestylerReact = createComponent({
  tagName: 'room-restyler',
  elementClass: RoomRestyler,
  react: React,
  events: {
    onUploadStart: 'room-restyler-upload-start' as EventName<RoomRestylerEvent<'room-restyler-upload-start'>>,
    onUploadComplete: 'room-restyler-upload-complete' as EventName<RoomRestylerEvent<'room-restyler-upload-complete'>>,
    onGenerateStart: 'room-restyler-generate-start' as EventName<RoomRestylerEvent<'room-restyler-generate-start'>>,
    onProgress: 'room-restyler-progress' as EventName<RoomRestylerEvent<'room-restyler-progress'>>,
    onComplete: 'room-restyler-complete' as EventName<RoomRestylerEvent<'room-restyler-complete'>>,
    onError: 'room-restyler-error' as EventName<RoomRestylerEvent<'room-restyler-error'>>,
    onCancel: 'room-restyler-cancel' as EventName<RoomRestylerEvent<'room-restyler-cancel'>>,
    onDownload: 'room-restyler-download' as EventName<RoomRestylerEvent<'room-restyler-download'>>,
  },
});

export { RoomRestylerReact as RoomRestyler };
