/**
 * The simulator's routes: the service's /api/v1 (paths, parameters and bodies typed by the spec's
 * generated types), the generated images, and its own /__simulator helpers.
 */
import type { IncomingMessage } from 'node:http';
import { type GenerationOperation, generationOperations, type operations, type PredictionList, type paths } from '@room-restyler/core';
import { readJsonBody } from '../http/json-body.js';
import { errorResult, type HttpResult, jsonResult } from '../http/result.js';
import type { Route } from '../http/router.js';
import { sampleRoom } from '../images/sample-room.js';
import type { ResolvedOptions } from '../options.js';
import type { Account, AccountStore } from '../state/accounts.js';
import type { Job, JobStore } from '../state/jobs.js';
import type { OutputStore } from '../state/outputs.js';
import type { SimulatorStats, StatsRecorder } from '../state/stats.js';
import { bearerKey } from './auth.js';
import { readIdempotencyKey } from './idempotency-key.js';
import { readLimit } from './list-limit.js';
import { validateBody } from './validate-generation.js';
import { accountView, ackShapeOf, ackView, outOfCredits, PREDICTION_PATH, predictionView, summaryView } from './views.js';
import { WORK_ORDERS } from './work-orders.js';

export interface HandlerInput {
  req: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
}

/** What a handler did: the answer, and the job it created (the server must know if it swallows the answer). */
export interface HandlerOutcome {
  result: HttpResult;
  job?: Job;
}

export type Handler = (input: HandlerInput) => Promise<HandlerOutcome>;

export interface RouteDeps {
  options: ResolvedOptions;
  accounts: AccountStore;
  jobs: JobStore;
  outputs: OutputStore;
  stats: () => SimulatorStats;
  recorder: StatsRecorder;
}

const INVALID_KEY = errorResult(401, 'Invalid API key');
const OVER_CONCURRENCY: HttpResult = { ...errorResult(429, 'Too many generations running'), headers: { 'retry-after': '1' } };
/** The name the spec gives the path parameter, checked against its generated types. */
const REQUEST_ID: keyof operations['getPrediction']['parameters']['path'] = 'request_id';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
/** The methods the spec defines on a path. */
type MethodOf<P extends keyof paths> = { [M in HttpMethod]-?: undefined extends paths[P][M] ? never : M }[HttpMethod];

/** A route of the service: only a path and method of the spec compile. */
const serviceRoute = <P extends keyof paths>(method: MethodOf<P>, template: P, handler: Handler): Route<Handler> => ({
  methods: [method.toUpperCase()],
  template,
  handler,
});

const SAMPLES = { 'empty-room.jpg': false, 'furnished-room.jpg': true } as const;
/** Output and sample images are public at unguessable URLs, like a CDN's: cacheable and readable cross-origin (a page draws labels into downloads). */
const PUBLIC_IMAGE = { 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' };

const outcome = (result: HttpResult, job?: Job): HandlerOutcome => ({ result, ...(job && { job }) });

export function createRoutes(deps: RouteDeps): Array<Route<Handler>> {
  const { options, accounts, jobs, outputs, recorder } = deps;
  const samples = new Map<string, Promise<Buffer>>();

  const withAccount =
    (handler: (account: Account, input: HandlerInput) => Promise<HandlerOutcome>): Handler =>
    async (input) => {
      const key = bearerKey(input.req.headers.authorization);
      const account = key === undefined ? undefined : accounts.find(key);
      return account ? handler(account, input) : outcome(INVALID_KEY);
    };

  /** Every check that can refuse a start runs before the debit: a refused start costs nothing. */
  const generation = <O extends GenerationOperation>(operation: O): Handler =>
    withAccount(async (account, { req }) => {
      const shape = ackShapeOf(operation, options.ackShape);
      const cost = generationOperations[operation].credits * options.outputsPerJob;
      const body = await readJsonBody(req);
      if (!body.ok) return outcome(errorResult(400, body.error));
      const valid = validateBody(operation, body.value, options);
      if (!valid.ok) return outcome(errorResult(400, valid.error));
      const idempotencyKey = readIdempotencyKey(req, options);
      if (!idempotencyKey.ok) return outcome(errorResult(400, idempotencyKey.error));
      // Not worth fetching a photo that cannot be paid for; the debit below checks again after the fetch.
      if (account.credits < cost) return outcome(outOfCredits(shape, account.credits));
      const order = WORK_ORDERS[operation](valid.request);
      const inputs = await jobs.checkInputs(order);
      if (!inputs.ok) return outcome(errorResult(400, inputs.error));
      // Counted after the fetch, with nothing awaited before the job is accepted: starts in parallel cannot pass the cap.
      if (jobs.running(account) >= options.concurrencyPerKey) {
        recorder.refusedOverConcurrency();
        return outcome(OVER_CONCURRENCY);
      }
      const debit = accounts.debit(account, cost);
      if (!debit.ok) return outcome(outOfCredits(shape, debit.creditsRemaining));
      const job = jobs.accept({
        account,
        operation,
        order,
        fetched: inputs.fetched,
        idempotencyKey: idempotencyKey.key,
        charged: { amount: cost, period: debit.period },
      });
      return outcome(jsonResult(200, ackView(shape, job)), job);
    });

  const generationRoutes = Object.entries(generationOperations).map(([operation, { path }]) =>
    serviceRoute('post', path, generation(operation as GenerationOperation)),
  );

  return [
    serviceRoute(
      'get',
      '/api/v1/me',
      withAccount(async (account) => outcome(jsonResult(200, accountView(account)))),
    ),
    ...generationRoutes,
    serviceRoute(
      'get',
      PREDICTION_PATH,
      withAccount(async (account, { params }) => {
        const job = jobs.find(params[REQUEST_ID] ?? '', account);
        return outcome(job ? jsonResult(200, predictionView(job)) : errorResult(404, 'Prediction not found'));
      }),
    ),
    serviceRoute(
      'get',
      '/api/v1/predictions',
      withAccount(async (account, { query }) => {
        const limit = readLimit(query, options);
        if (!limit.ok) return outcome(errorResult(400, limit.error));
        const predictions = jobs.recent(account, limit.limit).map(summaryView);
        const list: PredictionList = { predictions, count: predictions.length };
        return outcome(jsonResult(200, list));
      }),
    ),
    {
      methods: ['GET', 'HEAD'],
      template: '/outputs/{token}/{file}',
      handler: async ({ params }) => {
        const image = outputs.get(params.token ?? '', params.file ?? '');
        return outcome(
          image ? { status: 200, body: image, contentType: 'image/jpeg', headers: PUBLIC_IMAGE } : errorResult(404, 'Output not found'),
        );
      },
    },
    { methods: ['GET'], template: '/__simulator/stats', handler: async () => outcome(jsonResult(200, deps.stats())) },
    {
      methods: ['GET', 'HEAD'],
      template: '/__simulator/samples/{file}',
      handler: async ({ params }) => {
        const file = params.file ?? '';
        if (!Object.hasOwn(SAMPLES, file)) return outcome(errorResult(404, `Unknown sample; try ${Object.keys(SAMPLES).join(' or ')}`));
        let image = samples.get(file);
        if (!image) {
          image = sampleRoom({ furnished: SAMPLES[file as keyof typeof SAMPLES] });
          samples.set(file, image);
        }
        return outcome({ status: 200, body: await image, contentType: 'image/jpeg', headers: PUBLIC_IMAGE });
      },
    },
  ];
}
