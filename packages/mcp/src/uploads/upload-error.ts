/** The upload of a local photo failed; the message says what to fix (the file, the token, the config). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}
