// A small stand-in for the key proxy's browser routes (/tmp contracts: uploads, enhance/restyle
// with Idempotency-Key, prediction, prediction events), mounted in the test server at
// /fake/<scenario>-<id>/. The scenario (text before the first `-`) decides how it behaves, so each
// test gets a fresh, deterministic backend; /__stats tells a test what the widget sent.
import { PassThrough } from 'node:stream';

const state = new Map();
const stateFor = (name) => {
  if (!state.has(name)) state.set(name, { uploads: [], starts: [], polls: 0, events: 0, jobs: new Map() });
  return state.get(name);
};

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** @returns {import('koa').Middleware} */
export function fakeProxy() {
  return async (ctx, next) => {
    const match = /^\/fake\/([a-z]+)(-[\w-]+)?(\/.*)$/.exec(ctx.path);
    if (!match) return next();
    const [, scenario, suffix = '', route] = match;
    const name = scenario + suffix;
    const s = stateFor(name);
    const json = (status, body, headers = {}) => {
      ctx.status = status;
      ctx.set(headers);
      ctx.body = body;
    };

    if (route === '/__stats') return json(200, { uploads: s.uploads, starts: s.starts, polls: s.polls, events: s.events });
    if (route === '/api/v1/uploads' && ctx.method === 'POST') {
      const body = await readBody(ctx.req);
      // `slowup`: the upload hangs (until the test cancels it).
      if (scenario === 'slowup') await new Promise((r) => setTimeout(r, 30_000));
      s.uploads.push({ bytes: body.length, type: ctx.get('content-type') });
      return json(201, {
        url: `http://uploads.example/${name}/${s.uploads.length}.jpg`,
        expires_at: new Date(Date.now() + 3600e3).toISOString(),
      });
    }
    const start = /^\/api\/v1\/(enhance|restyle)$/.exec(route);
    if (start && ctx.method === 'POST') {
      const body = JSON.parse((await readBody(ctx.req)).toString() || '{}');
      const key = ctx.get('idempotency-key');
      s.starts.push({ operation: start[1], key, body });
      if (scenario === 'credits') return json(402, { error: 'Insufficient credits', credits_remaining: 0 });
      if (scenario === 'limit')
        return json(429, { error: 'Visitor limit reached', code: 'visitor_limit', retry_after_seconds: 600 }, { 'Retry-After': '600' });
      const existing = [...s.jobs.values()].find((j) => j.key === key);
      const id = existing?.id ?? `job-${s.jobs.size + 1}`;
      if (!existing) s.jobs.set(id, { id, key, reads: 0 });
      return json(200, { success: true, request_id: id, message: `Generation started. Poll /api/v1/prediction/${id}` });
    }
    const events = /^\/api\/v1\/prediction\/([\w-]+)\/events$/.exec(route);
    if (events) {
      s.events++;
      if (scenario === 'poll' || scenario === 'hidden') return json(404, { error: 'Not found' });
      const job = s.jobs.get(events[1]);
      const stream = new PassThrough();
      ctx.status = 200;
      ctx.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      ctx.body = stream;
      const send = (p) => stream.write(`event: prediction\ndata: ${JSON.stringify(p)}\n\n`);
      send({ status: 'processing' });
      if (scenario !== 'slow') setTimeout(() => send(outcome(scenario, job)) && stream.end(), 150);
      return;
    }
    const read = /^\/api\/v1\/prediction\/([\w-]+)$/.exec(route);
    if (read) {
      s.polls++;
      const job = s.jobs.get(read[1]);
      if (!job) return json(404, { error: 'Prediction not found' });
      job.reads++;
      if (scenario === 'slow') return json(200, { status: 'processing' });
      return json(200, outcome(scenario, job));
    }
    if (route.startsWith('/result/')) {
      ctx.redirect(`/samples/${route.endsWith('2.jpg') ? 'office' : 'bedroom'}.jpg`);
      return;
    }
    return json(404, { error: 'Not found' });

    function outcome(scenario, job) {
      // `failonce`: the first job fails; a retried action (new job) succeeds.
      if (scenario === 'failonce' && job?.id === 'job-1') return { status: 'failed', error: 'The image could not be processed' };
      return {
        status: 'succeeded',
        output: [`/fake/${name}/result/1.jpg`, `/fake/${name}/result/2.jpg`],
        completed_at: new Date().toISOString(),
      };
    }
  };
}
