/**
 * Resumable streams: a session's SSE events are kept, so a client whose connection drops
 * mid-generation reconnects with `Last-Event-ID` and still receives the progress and the result it
 * missed. In memory, per session (it goes when the session goes), and bounded: the newest `limit`
 * events within `maxBytes`. Image bytes are never kept: a replayed tool result comes without its
 * previews (its links and resource links stay), and a replayed image read says to read it again.
 */
import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const DEFAULT_LIMIT = 1000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

interface Kept {
  streamId: StreamId;
  message: JSONRPCMessage;
  bytes: number;
}

export class SessionEventStore implements EventStore {
  private readonly events = new Map<EventId, Kept>();
  private next = 0;
  private bytes = 0;

  constructor(
    private readonly limit = DEFAULT_LIMIT,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // A counter keeps the ids in order; Map iteration keeps insertion order for the replay.
    const eventId = `${streamId}:${this.next++}`;
    const kept = forReplay(message);
    const bytes = JSON.stringify(kept).length;
    this.events.set(eventId, { streamId, message: kept, bytes });
    this.bytes += bytes;
    while (this.events.size > this.limit || (this.bytes > this.maxBytes && this.events.size > 1)) {
      const [oldest, event] = this.events.entries().next().value as [EventId, Kept];
      this.events.delete(oldest);
      this.bytes -= event.bytes;
    }
    return eventId;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.get(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (!last) return '';
    let after = false;
    for (const [eventId, event] of [...this.events]) {
      if (eventId === lastEventId) after = true;
      else if (after && event.streamId === last.streamId) await send(eventId, event.message);
    }
    return last.streamId;
  }
}

/** The message as kept for replay: without image bytes. */
function forReplay(message: JSONRPCMessage): JSONRPCMessage {
  if (!('result' in message) || !('id' in message)) return message;
  const { result } = message;
  if (Array.isArray(result.contents) && result.contents.some((item) => typeof item === 'object' && item !== null && 'blob' in item))
    return {
      jsonrpc: '2.0',
      id: message.id,
      error: { code: -32603, message: 'This image was not kept for a resumed stream; read the resource again' },
    };
  if (Array.isArray(result.content) && result.content.some((block) => isImage(block)))
    return {
      ...message,
      result: {
        ...result,
        content: [
          ...result.content.filter((block) => !isImage(block)),
          { type: 'text', text: 'Previews are left out of a resumed stream; the images are at the links above.' },
        ],
      },
    };
  return message;
}

const isImage = (block: unknown) => typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'image';
