/** The simulator's routes: the service's /api/v1, the generated images, and its own /__simulator helpers. */
import type { IncomingMessage } from 'node:http';
import { readJsonBody } from '../http/json-body.js';
import { errorResult, type HttpResult, jsonResult } from '../http/result.js';
import type { Route } from '../http/router.js';
import { sampleRoom } from '../images/sample-room.js';
import type { ResolvedOptions } from '../options.js';
import type { Account, AccountStore } from '../state/accounts.js';
import { type Job, type JobStore, predictionView } from '../state/jobs.js';
import type { OutputStore } from '../state/outputs.js';
import type { GenerationOperation, SimulatorStats } from '../state/stats.js';
import { bearerKey } from './auth.js';
import { validateGeneration } from './validate-generation.js';

export interface HandlerInput {
  req: IncomingMessage;
  params: Record<string, string>;
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
}

const INVALID_KEY = errorResult(401, 'Invalid API key');
const SAMPLES = { 'empty-room.jpg': false, 'furnished-room.jpg': true } as const;
/** Output and sample images are public at unguessable URLs, like a CDN's: cacheable and readable cross-origin (a page draws labels into downloads). */
const PUBLIC_IMAGE = { 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' };

const outcome = (result: HttpResult, job?: Job): HandlerOutcome => ({ result, ...(job && { job }) });

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

export function createRoutes(deps: RouteDeps): Array<Route<Handler>> {
  const { options, accounts, jobs, outputs } = deps;
  const samples = new Map<string, Promise<Buffer>>();

  const withAccount =
    (handler: (account: Account, input: HandlerInput) => Promise<HandlerOutcome>): Handler =>
    async (input) => {
      const key = bearerKey(input.req.headers.authorization);
      const account = key === undefined ? undefined : accounts.find(key);
      return account ? handler(account, input) : outcome(INVALID_KEY);
    };

  const generation = (operation: GenerationOperation): Handler =>
    withAccount(async (account, { req }) => {
      const body = await readJsonBody(req);
      if (!body.ok) return outcome(errorResult(400, body.error));
      const valid = validateGeneration(operation, body.value);
      if (!valid.ok) return outcome(errorResult(400, valid.error));
      const debit = accounts.debit(account, options.outputsPerJob);
      if (!debit.ok) return outcome(errorResult(402, 'Insufficient credits', { credits_remaining: debit.creditsRemaining }));
      const job = jobs.accept({
        account,
        operation,
        request: valid.request,
        idempotencyKey: header(req, 'idempotency-key'),
        charged: { amount: options.outputsPerJob, period: debit.period },
      });
      const ack = { success: true, request_id: job.id, message: `Generation started. Poll /api/v1/prediction/${job.id} for the result.` };
      return outcome(jsonResult(200, ack), job);
    });

  return [
    {
      methods: ['GET'],
      template: '/api/v1/me',
      handler: withAccount(async (account) =>
        outcome(
          jsonResult(200, {
            user_id: account.userId,
            email: account.email,
            subscription: account.subscription,
            credits_remaining: account.credits,
          }),
        ),
      ),
    },
    { methods: ['POST'], template: '/api/v1/enhance', handler: generation('enhance') },
    { methods: ['POST'], template: '/api/v1/restyle', handler: generation('restyle') },
    {
      methods: ['GET'],
      template: '/api/v1/prediction/{request_id}',
      handler: withAccount(async (account, { params }) => {
        const job = jobs.find(params.request_id ?? '', account);
        return outcome(job ? jsonResult(200, predictionView(job)) : errorResult(404, 'Prediction not found'));
      }),
    },
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
