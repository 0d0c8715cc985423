/** GET /healthz: the process is up and serving. It never calls the service (that would cost a request per probe). */
import { type JsonReply, jsonReply } from '../http/responses.js';

export function handleHealth(): JsonReply {
  return jsonReply(200, { ok: true });
}
