/**
 * The open HTTP sessions, bounded: clients rarely end a session (the SDK client's `close()` and the
 * Inspector send no DELETE), so a session nobody has used for `idleMs` is closed, and new sessions
 * are refused past a cap overall (503) and per caller (429), with Retry-After — otherwise anyone who
 * can reach the port grows the server's memory without end.
 */
import type { ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /** A session with no request for this long is closed. */
  idleMs: number;
  /** Sessions open at once, over all callers. */
  max: number;
  /** Sessions open at once for one caller (its key under BYOK, else its address). */
  maxPerCaller: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 30 * 60_000, max: 1_000, maxPerCaller: 20 };

export interface Session {
  transport: StreamableHTTPServerTransport;
  /** Fingerprint of the key that opened it (BYOK), to hold the session to that key. */
  key: Buffer | undefined;
  caller: string;
  lastSeen: number;
  /** Requests whose responses are still open (a generation, an SSE stream): such a session is not idle. */
  open: number;
}

export interface Refusal {
  status: 429 | 503;
  retryAfterS: number;
  message: string;
}

export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  readonly #limits: SessionLimits;
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor(limits: SessionLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
    this.#sweeper = setInterval(() => this.closeIdle(), Math.min(Math.max(limits.idleMs / 4, 100), 60_000));
    this.#sweeper.unref();
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  /** Why a new session for `caller` cannot open now, after closing the idle ones; undefined when it can. */
  refusal(caller: string): Refusal | undefined {
    this.closeIdle();
    const retryAfterS = Math.ceil(Math.min(this.#limits.idleMs, 60_000) / 1000);
    if (this.#sessions.size >= this.#limits.max)
      return { status: 503, retryAfterS, message: `Too many sessions are open on this server (${this.#limits.max}); try again later` };
    let mine = 0;
    for (const session of this.#sessions.values()) if (session.caller === caller) mine++;
    if (mine >= this.#limits.maxPerCaller)
      return {
        status: 429,
        retryAfterS,
        message:
          `Too many sessions open for this caller (${this.#limits.maxPerCaller}): end unused ones with DELETE, ` +
          `or wait for them to close after ${Math.round(this.#limits.idleMs / 60_000)} min unused`,
      };
    return undefined;
  }

  add(id: string, session: Omit<Session, 'lastSeen' | 'open'>, res: ServerResponse): void {
    const added: Session = { ...session, lastSeen: this.#now(), open: 0 };
    this.#sessions.set(id, added);
    this.track(added, res);
  }

  /** Counts the request as open until its response closes. */
  track(session: Session, res: ServerResponse): void {
    session.open++;
    session.lastSeen = this.#now();
    res.once('close', () => {
      session.open--;
      session.lastSeen = this.#now();
    });
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  /** Closes every session with no open request and none for `idleMs`. */
  closeIdle(): void {
    const before = this.#now() - this.#limits.idleMs;
    for (const session of this.#sessions.values()) if (session.open === 0 && session.lastSeen <= before) void session.transport.close();
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#sessions.values()].map((session) => session.transport.close()));
  }
}
