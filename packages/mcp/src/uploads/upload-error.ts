/** The upload of a local photo failed; the message says what to fix (the file, the token, the config). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  /** Whether the same upload may work later (a limit, an outage), and when, if the route said. */
  readonly transient: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, later: { transient: boolean; retryAfterMs?: number | undefined } = { transient: false }) {
    super(message);
    this.transient = later.transient;
    this.retryAfterMs = later.retryAfterMs;
  }
}
