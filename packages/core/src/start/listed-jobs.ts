/**
 * The service's `GET /api/v1/predictions` as reconciliation reads it: each job's id and creation
 * time. The service does not document the list's order, so it is sorted here, newest first, by
 * `created_at` (docs/service-fidelity.md).
 */
import type { PredictionList } from '../types.js';

export interface ListedJob {
  id: string;
  /** `created_at` in ms, on the service's clock. */
  createdAt: number;
}

/** Newest first; undefined for a body that is not the spec's list (an entry without id or readable time). */
export function listedJobs(body: unknown): ListedJob[] | undefined {
  const predictions = (body as Partial<PredictionList> | null)?.predictions;
  if (!Array.isArray(predictions)) return undefined;
  const out: ListedJob[] = [];
  for (const item of predictions) {
    const createdAt = Date.parse(item?.created_at);
    if (typeof item?.prediction_id !== 'string' || Number.isNaN(createdAt)) return undefined;
    out.push({ id: item.prediction_id, createdAt });
  }
  return out.sort((a, b) => b.createdAt - a.createdAt);
}
