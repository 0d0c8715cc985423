/** A bad flag or environment value. The kit's bins print its message (which names the flag or variable) and exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
