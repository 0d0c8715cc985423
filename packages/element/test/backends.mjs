// The backends of the browser tests: the real key proxy (`createRoomProxy`) in front of the test
// kit's fake service, whose every answer is checked against openapi/room-api.yaml (or, for the
// operations beyond staging and restyling, in front of the simulator). Each mount
// /backend/<scenario>-<anything>/ gets a fresh pair on its first request, so tests never share
// state; the scenario (the text before the first `-`) configures the service or the proxy.
//   GET  <mount>/__stats     what happened: uploads the proxy stored, the starts it received and
//                            those the service received, polls and event streams the widget opened
//   POST <mount>/__complete  from now on, jobs finish (the `slow` scenario's wait for it)
//   POST <mount>/__release   the result images load from now on (the `slowimg` scenario holds them)
//   GET  /backend/__violations  answers of any fake service off the contract since the last call
//                               (src/test/backend-contract.ts fails the test that caused them)
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fixedPollSchedule, GENERATION_OPERATIONS, STYLE_IDS } from '@room-restyler/core';
import { createRoomProxy, silentLogger } from '@room-restyler/proxy';
import { createSharpImageProcessor, serverOriginsOf } from '@room-restyler/proxy/node';
import { startSimulator } from '@room-restyler/simulator';
import { startFakeService, TEST_API_KEY } from '@room-restyler/test-kit';

const ANY_ORIGIN = { 'access-control-allow-origin': '*' };
const shippedPreviews = Promise.all(
  STYLE_IDS.map(async (style) => /** @type {const} */ ([style, await readFile(new URL(`../previews/${style}.webp`, import.meta.url))])),
).then((entries) => new Map(entries));

/** Limits that no test reaches, unless its scenario says otherwise. */
const OPEN_LIMITS = { perVisitor: 1000, perIp: 1000, dailyCredits: 1000, uploadsPerVisitor: 1000, uploadsPerIp: 1000 };

/**
 * What each scenario changes from a backend that behaves like production (two images per job,
 * done at the first read). `service`: fake service options; `limits`: the proxy's; `hangUploads`:
 * the proxy receives an upload and never finishes processing it; `failFirstUpload`: the proxy's
 * upload store fails once; `failFirstJob`: the service fails the first job it starts;
 * `failFirstStart`: the service answers the first start with a 500; `holdImages`: the result
 * images load only after /__release; `eventsUnavailable`: the event stream route answers 503.
 */
const SCENARIOS = {
  ok: {},
  /** The job runs until the test POSTs /__complete. */
  slow: { service: { readsToComplete: 'manual' } },
  slowup: { hangUploads: true },
  slowimg: { holdImages: true },
  credits: { service: { credits: 0 } },
  /** This visitor may not generate at all for the next 10 minutes. */
  limit: { limits: { perVisitor: 0, windowMs: 600_000 } },
  /** One generation per 2 seconds. */
  limitshort: { limits: { perVisitor: 1, windowMs: 2000 } },
  /** The first job fails; the retried action's new job succeeds. */
  failonce: { failFirstJob: 'The image could not be processed' },
  /** The first start fails upstream (a 500, no job made): the same action, retried, succeeds. */
  upstreamfail: { failFirstStart: true },
  storefail: { failFirstUpload: true },
  poll: { eventsUnavailable: true },
  /** The simulator behind the proxy, which offers staging, restyling, clear sky and inpaint. */
  ops: { operations: ['enhance', 'restyle', 'clearSky', 'inpaint'] },
  /** The simulator behind the proxy, which offers every operation; the simulator acknowledges in the *Image Generation* pages' shape… */
  everygen: { operations: GENERATION_OPERATIONS, ackShape: 'generation' },
  /** …or in the *Object Manipulation* pages' shape. */
  everyobj: { operations: GENERATION_OPERATIONS, ackShape: 'object' },
  /** The simulator behind the proxy, for "try N styles" (staging and restyling, the proxy's 4 styles a try)… */
  tries: { operations: ['enhance', 'restyle'] },
  /** …where this visitor may generate twice in the next 10 minutes. */
  triesleft: { operations: ['enhance', 'restyle'], limits: { perVisitor: 2, windowMs: 600_000 } },
};

/** The proxy's upload store: in memory, noting each upload it keeps in `uploads` (for /__stats); `failures` puts fail first. */
function recordingUploadStore(uploads, failures = 0) {
  const kept = new Map();
  return {
    async put(id, upload) {
      if (failures-- > 0) throw new Error('the disk is full');
      uploads.push({ bytes: upload.bytes.length, type: upload.contentType });
      kept.set(id, upload);
    },
    async get(id, now) {
      const upload = kept.get(id);
      return upload && upload.expiresAt > now ? upload : undefined;
    },
    async sweep(now) {
      const expired = [...kept].filter(([, upload]) => upload.expiresAt <= now);
      for (const [id] of expired) kept.delete(id);
      return expired.length;
    },
  };
}

/** The proxy's options of every backend: mounted at `prefix`, in front of the service at `baseUrl`. */
const proxyOptions = (prefix, baseUrl) => ({
  apiKey: TEST_API_KEY,
  baseUrl,
  prefix,
  secret: 'element-tests-visitor-secret',
  limits: OPEN_LIMITS,
  // The tests' photos are served by the test server itself, on loopback.
  allowPrivateImageUrls: true,
  // The proxy follows jobs every 100 ms instead of the service's schedule (first look at 3 s).
  jobs: { schedule: fixedPollSchedule(100), idleMs: 1000 },
  // No bundle (the tests load the sources), but the style previews this package ships.
  widget: async () => ({ code: '', version: '0.0.0', previews: await shippedPreviews }),
  log: silentLogger,
});

/** The proxy, offering `operations`, in front of the simulator (which answers every operation of the spec, on the real photo and mask). */
async function startSimulatorBackend(prefix, { operations, ackShape, limits }) {
  const sim = await startSimulator({
    ...(ackShape && { ackShape }),
    latencyMs: { min: 50, max: 100 },
    accounts: [{ apiKey: TEST_API_KEY, credits: 1000 }],
    imageFetch: { allowPrivate: true },
    kitRules: true,
  });
  const uploads = [];
  const proxy = createRoomProxy({
    ...proxyOptions(prefix, sim.url),
    limits: { ...OPEN_LIMITS, ...limits },
    operations,
    uploads: { store: recordingUploadStore(uploads), processor: createSharpImageProcessor() },
  });
  const counts = { polls: 0, events: 0, received: [] };
  return {
    proxy,
    eventsUnavailable: false,
    counts,
    stats: () => ({
      uploads,
      starts: sim.stats().acceptedJobs.map((job) => ({ operation: job.operation, key: job.idempotencyKey })),
      ...counts,
    }),
    newViolations: () => [],
    completeJobs() {},
    imagesReleased: Promise.resolve(),
    releaseImages() {},
    async close() {
      await proxy.close();
      await sim.close();
    },
  };
}

async function startBackend(prefix, scenario, pageOrigin) {
  if (scenario.operations) return startSimulatorBackend(prefix, scenario);
  const {
    service: serviceOptions,
    limits,
    hangUploads,
    failFirstUpload,
    failFirstJob,
    failFirstStart,
    holdImages,
    eventsUnavailable,
  } = scenario;
  const service = await startFakeService({ imagesPerJob: 2, ...serviceOptions });
  // Output images are sample room photos of the test server (the screenshots show rooms), and
  // their host allows CORS like an image CDN, so a download can read them.
  service.on('GET /outputs/*/*', (request) => {
    const name = request.path.endsWith('/2.png') ? 'office' : 'bedroom';
    return {
      status: 302,
      headers: { location: `${pageOrigin}${holdImages ? `${prefix}/__held/` : '/samples/'}${name}.jpg`, ...ANY_ORIGIN },
    };
  });
  if (failFirstJob) service.events.once('start', (job) => service.fail(job.id, failFirstJob));
  if (failFirstStart) {
    for (const route of ['POST /api/v1/enhance', 'POST /api/v1/restyle'])
      service.once(route, { status: 500, body: { error: 'Internal error' } });
  }
  let releaseImages = () => {};
  const imagesReleased = new Promise((resolve) => (releaseImages = resolve));
  let completing = false;
  const complete = (job) => {
    if (completing && !['succeeded', 'failed'].includes(job.status)) service.complete(job.id);
  };
  // Also a job whose start is still on its way when the test says so.
  service.events.on('start', complete);
  const pending = new Set();
  const uploads = [];
  const proxy = createRoomProxy({
    ...proxyOptions(prefix, service.url),
    limits: { ...OPEN_LIMITS, ...limits },
    uploads: {
      store: recordingUploadStore(uploads, failFirstUpload ? 1 : 0),
      processor: hangUploads
        ? { process: () => new Promise((_resolve, reject) => pending.add(() => reject(new Error('the backend closed')))) }
        : createSharpImageProcessor(),
    },
  });
  const counts = { polls: 0, events: 0, received: [] };
  let reported = 0;
  return {
    proxy,
    eventsUnavailable: Boolean(eventsUnavailable),
    counts,
    stats: () => ({
      uploads,
      starts: service.requests
        .filter((r) => r.method === 'POST' && /\/(enhance|restyle)$/.test(r.path))
        .map((r) => ({ operation: r.path.split('/').pop(), key: r.headers.get('idempotency-key'), body: JSON.parse(r.body) })),
      ...counts,
    }),
    newViolations() {
      const all = service.violations();
      const fresh = all.slice(reported);
      reported = all.length;
      return fresh;
    },
    completeJobs() {
      completing = true;
      for (const job of service.jobs.values()) complete(job);
    },
    imagesReleased,
    releaseImages,
    async close() {
      releaseImages();
      for (const release of pending) release();
      await proxy.close();
      await service.close();
    },
  };
}

/** Hands a dev-server (Koa) request (its body read already, or streamed) to the fetch-standard proxy and streams its answer back. */
async function forward(ctx, proxy, body) {
  // The visitor went away (a cancelled upload) before its request got here: nothing to answer
  // (a status all the same, so the dev server does not count it as a missing file).
  if (body === undefined && ctx.req.destroyed) {
    ctx.status = 204;
    ctx.respond = false;
    return;
  }
  const hasBody = !['GET', 'HEAD'].includes(ctx.method);
  const request = new Request(`${ctx.protocol}://${ctx.host}${ctx.url}`, {
    method: ctx.method,
    headers: Object.entries(ctx.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]])),
    body: body ?? (hasBody ? Readable.toWeb(ctx.req) : undefined),
    duplex: 'half',
  });
  // Upload URLs on the dev server's own address (never the request's Host).
  const response = await proxy(request, { clientIp: ctx.req.socket.remoteAddress, serverOrigins: serverOriginsOf(ctx.req.socket) });
  ctx.status = response.status;
  response.headers.forEach((value, key) => {
    ctx.set(key, value);
  });
  ctx.body = response.body ? Readable.fromWeb(response.body) : null;
}

export function testBackends() {
  /** @type {Map<string, ReturnType<typeof startBackend>>} */
  const backends = new Map();

  /** @type {import('koa').Middleware} */
  async function middleware(ctx, next) {
    if (ctx.path.startsWith('/samples/')) {
      ctx.set(ANY_ORIGIN);
      return next();
    }
    if (ctx.path === '/backend/__violations') {
      const started = await Promise.all(backends.values());
      ctx.body = started.flatMap((backend) => backend.newViolations());
      return;
    }
    const match = /^(\/backend\/([a-z]+)[\w-]*)(\/.*)$/.exec(ctx.path);
    if (!match) return next();
    const [, prefix, name, route] = match;
    const scenario = SCENARIOS[name];
    if (!scenario) throw new Error(`no test backend scenario "${name}"`);
    if (!backends.has(prefix)) backends.set(prefix, startBackend(prefix, scenario, ctx.origin));
    const backend = await backends.get(prefix);

    if (route === '/__stats') {
      ctx.body = backend.stats();
      return;
    }
    if (route === '/__complete' && ctx.method === 'POST') {
      backend.completeJobs();
      ctx.status = 204;
      return;
    }
    if (route === '/__release' && ctx.method === 'POST') {
      backend.releaseImages();
      ctx.status = 204;
      return;
    }
    const held = /^\/__held\/(\w+\.jpg)$/.exec(route);
    if (held) {
      await backend.imagesReleased;
      ctx.set(ANY_ORIGIN);
      ctx.redirect(`/samples/${held[1]}`);
      return;
    }
    const prediction = /^\/api\/v1\/prediction\/[^/]+(\/events)?$/.exec(route);
    if (prediction) backend.counts[prediction[1] ? 'events' : 'polls']++;
    if (prediction?.[1] && backend.eventsUnavailable) {
      // The one misbehaviour the real proxy cannot be configured into.
      ctx.status = 503;
      ctx.body = { error: 'Event streams are unavailable in this test' };
      return;
    }
    // A start's body is read here, so that the stats say what the proxy received.
    if (ctx.method === 'POST' && route.startsWith('/api/v1/') && route !== '/api/v1/uploads') {
      const body = await new Response(Readable.toWeb(ctx.req)).text();
      backend.counts.received.push({ path: route, body: JSON.parse(body) });
      return forward(ctx, backend.proxy, body);
    }
    await forward(ctx, backend.proxy);
  }

  /** Closes every backend; fails when the fake service answered off the contract. */
  async function close() {
    const results = await Promise.allSettled([...backends.values()].map(async (started) => (await started).close()));
    const problems = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason?.message ?? r.reason));
    if (problems.length) throw new Error(`test backends:\n${problems.join('\n')}`);
  }

  return { middleware, close };
}
