/** Generated images, served by the simulator under /outputs/<token>/<n>.jpg. Old jobs' images expire. */
import { randomBytes } from 'node:crypto';

const MAX_JOBS_KEPT = 300;

export class OutputStore {
  readonly #byToken = new Map<string, Buffer[]>();

  /** Stores a job's images under a fresh unguessable token and returns their paths. */
  put(images: Buffer[]): string[] {
    const token = randomBytes(18).toString('base64url');
    this.#byToken.set(token, images);
    if (this.#byToken.size > MAX_JOBS_KEPT) {
      const oldest = this.#byToken.keys().next().value;
      if (oldest !== undefined) this.#byToken.delete(oldest);
    }
    return images.map((_, index) => `/outputs/${token}/${index}.jpg`);
  }

  get(token: string, file: string): Buffer | undefined {
    const match = /^(\d{1,2})\.jpg$/.exec(file);
    return match ? this.#byToken.get(token)?.[Number(match[1])] : undefined;
  }
}
