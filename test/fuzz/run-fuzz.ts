/**
 * Property-based fuzzing of the proxy and the simulator with hostile paths, bodies, headers and
 * uploads. The property, for every case: an answer arrives (no hang), it is not a 5xx, an error
 * is JSON `{ error }`, and the key appears in no answer and no log line.
 */
import fc from 'fast-check';
import { type Stack, startStack, TEST_KEY } from '../support/stack.js';
import { hostileBody, hostileHeaders, hostilePath, hostileUpload, method } from './arbitraries.js';
import { type RawRequest, type RawResponse, send } from './send.js';

export interface FuzzResult {
  target: string;
  cases: number;
  /** Answers per status class, e.g. `4xx: 4980`. */
  statuses: Record<string, number>;
}

type Target = { name: string; server: 'proxy' | 'simulator'; request: fc.Arbitrary<RawRequest> };

const TARGETS: Target[] = [
  {
    name: 'proxy: paths × methods',
    server: 'proxy',
    request: fc.tuple(method, hostilePath).map(([m, path]) => ({ method: m, path, headers: {} })),
  },
  {
    name: 'proxy: generation bodies × headers',
    server: 'proxy',
    request: fc.tuple(fc.constantFrom('/api/v1/restyle', '/api/v1/enhance'), hostileBody, hostileHeaders).map(([path, body, headers]) => ({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })),
  },
  {
    name: 'proxy: uploads',
    server: 'proxy',
    request: fc.tuple(hostileUpload, hostileHeaders).map(([upload, headers]) => ({
      method: 'POST',
      path: '/api/v1/uploads',
      headers: { ...headers, 'content-type': upload.contentType },
      body: upload.body,
    })),
  },
  {
    name: 'simulator: paths, bodies and headers with a valid key',
    server: 'simulator',
    request: fc
      .tuple(method, fc.oneof(hostilePath, fc.constantFrom('/api/v1/restyle', '/api/v1/enhance')), hostileBody, hostileHeaders)
      .map(([m, path, body, headers]) => ({
        method: m,
        path,
        headers: { ...headers, authorization: `Bearer ${TEST_KEY}` },
        // HTTP gives GET, HEAD and TRACE no body; one sent anyway would be read as the next request.
        body: ['GET', 'HEAD', 'TRACE'].includes(m) ? undefined : body,
      })),
  },
];

export async function runFuzz(options: { runs: number; seed: number }): Promise<FuzzResult[]> {
  // The limits stay on: hostile visitors meeting them must get a JSON 429, not an error page. The
  // simulator holds the kit's rules too, so hostile bodies sent to it straight are refused as they
  // were; without them it would go and fetch every URL the fuzzer makes up.
  const stack = await startStack({ simulator: { latencyMs: { min: 5, max: 20 }, kitRules: true } });
  try {
    const results: FuzzResult[] = [];
    for (const target of TARGETS) {
      const statuses: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(target.request, async (raw) => {
          const response = await send(target.server === 'proxy' ? stack.proxy.url : stack.sim.url, raw);
          const problem = checkAnswer(raw, response, stack);
          if (problem)
            throw new Error(`${problem}\nrequest: ${raw.method} ${raw.path}\nanswer: ${response.status} ${response.body.slice(0, 300)}`);
          const bucket = `${Math.floor(response.status / 100)}xx`;
          statuses[bucket] = (statuses[bucket] ?? 0) + 1;
        }),
        { numRuns: options.runs, seed: options.seed, endOnFailure: true },
      );
      results.push({ target: target.name, cases: options.runs, statuses });
    }
    return results;
  } finally {
    await stack.close();
  }
}

function checkAnswer(raw: RawRequest, response: RawResponse, stack: Stack): string | undefined {
  if (response.status >= 500) return `HTTP ${response.status}`;
  const headerText = JSON.stringify(response.headers);
  if (response.body.includes(TEST_KEY) || headerText.includes(TEST_KEY)) return 'the key appears in the answer';
  if (stack.logs.some((line) => line.includes(TEST_KEY))) return 'the key appears in a log line';
  if (response.status >= 400 && raw.method !== 'HEAD') {
    if (!String(response.headers['content-type']).startsWith('application/json'))
      return `error answer is ${response.headers['content-type']}, not JSON`;
    try {
      const body = JSON.parse(response.body) as { error?: unknown };
      if (typeof body.error !== 'string' || body.error === '') return 'error answer has no `error` string';
    } catch {
      return 'error answer is not valid JSON';
    }
  }
  return undefined;
}
