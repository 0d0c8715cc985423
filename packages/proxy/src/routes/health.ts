/** GET /healthz: the process is up and serving. It never calls the service (that would cost a request per probe). */
import { jsonResponse } from '../http/responses.js';

export function handleHealth(): Response {
  return jsonResponse(200, { ok: true });
}
