/**
 * Resumable streams: every SSE event of a session is kept (the newest `limit` of them), so a client
 * whose connection drops mid-generation reconnects with `Last-Event-ID` and still receives the
 * progress and the result it missed. In memory, per session: it goes when the session goes.
 */
import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const DEFAULT_LIMIT = 1000;

export class SessionEventStore implements EventStore {
  private readonly events = new Map<EventId, { streamId: StreamId; message: JSONRPCMessage }>();
  private next = 0;

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // A counter keeps the ids in order; Map iteration keeps insertion order for the replay.
    const eventId = `${streamId}:${this.next++}`;
    this.events.set(eventId, { streamId, message });
    if (this.events.size > this.limit) this.events.delete(this.events.keys().next().value as EventId);
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
