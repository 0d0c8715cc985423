/** The service's generation starts as the spec lists them (paths with `x-credits`), so the fake answers every one. */
import { specAt } from '../contract.js';

/** `generation`: `{success, request_id, message}`; `job`: `{requestId, status, remainingGenerations}`. */
export type AckShape = 'generation' | 'job';

export interface GenerationRoute {
  /** The spec's operationId, e.g. `clearSky`. */
  operation: string;
  credits: number;
  /** The acknowledgements its docs pages show (both for a path documented in two sections). */
  acks: readonly AckShape[];
  /** The body's required fields. */
  required: readonly string[];
}

const ACKS: Record<string, readonly AckShape[]> = {
  GenerationStarted: ['generation'],
  JobStarted: ['job'],
  StartedInEitherShape: ['generation', 'job'],
};

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (typeof value === 'object' && value !== null ? (value as Node) : {});
/** The component a `#/components/…` reference names. */
const resolved = (value: unknown): Node => {
  const ref = node(value).$ref;
  return typeof ref === 'string' ? node(specAt(ref.slice(1))) : node(value);
};
const refName = (value: unknown) =>
  String(node(value).$ref ?? '')
    .split('/')
    .pop() ?? '';

/** Every generation start of the spec, by path. */
export function generationRoutes(): Map<string, GenerationRoute> {
  const routes = new Map<string, GenerationRoute>();
  for (const [path, item] of Object.entries(node(specAt('/paths')))) {
    const post = node(node(item).post);
    if (typeof post['x-credits'] !== 'number') continue;
    const body = resolved(node(node(resolved(post.requestBody).content)['application/json']).schema);
    routes.set(path, {
      operation: String(post.operationId),
      credits: post['x-credits'],
      acks: ACKS[refName(node(post.responses)['200'])] ?? ['generation'],
      required: Array.isArray(body.required) ? body.required.map(String) : [],
    });
  }
  return routes;
}
