import { expect } from '@open-wc/testing';
import { AbortError, type Clock, ConnectionError, GENERATION_PHASES, GenerationFailedError, type Prediction } from '@room-restyler/core';
import type { ReactiveController } from 'lit';
import { type VisibilitySource, visibleClock } from '../net/visible-clock.js';
import { until } from '../test/helpers.js';
import { type FlowDependencies, GenerationFlow, type GenerationRequest } from './generation-flow.js';

/** A host without DOM: the controller only needs these two methods. */
const host = () => ({
  controllers: [] as ReactiveController[],
  addController(c: ReactiveController) {
    this.controllers.push(c);
  },
  removeController() {},
  requestUpdate() {},
  updateComplete: Promise.resolve(true),
});

const succeeded: Prediction = { status: 'succeeded', output: ['https://cdn.example/1.jpg'], completed_at: '2025-01-01T00:00:00Z' };

function fakes(overrides: Partial<FlowDependencies> = {}) {
  const calls = { uploads: 0, starts: [] as string[], bodies: [] as object[], waits: 0, events: [] as string[] };
  let keys = 0;
  const client: ReturnType<FlowDependencies['client']> = {
    async start(_operation, body, options) {
      calls.starts.push(options?.idempotencyKey ?? '');
      calls.bodies.push(body);
      return { requestId: `job-${calls.starts.length}`, message: '' };
    },
    async waitForPrediction() {
      calls.waits++;
      return succeeded;
    },
  };
  const deps: FlowDependencies = {
    client: () => client,
    async upload() {
      calls.uploads++;
      return 'https://proxy.example/u/1.jpg';
    },
    newKey: () => `key-${++keys}`,
    emit: (name) => calls.events.push(name),
    tickMs: 5,
    ...overrides,
  };
  return { deps, calls, client };
}

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const request: GenerationRequest = {
  source: photo,
  operation: 'enhance',
  body: ({ image_url }) => ({ image_url, mode: 'staging', style: 'modern', room_type: 'bedroom' }),
  style: 'modern',
  roomType: 'bedroom',
};

describe('GenerationFlow', () => {
  it('uploads, starts with an idempotency key, and ends with the outputs', async () => {
    const { deps, calls } = fakes();
    const flow = new GenerationFlow(host(), deps);
    await flow.start(request);
    expect(flow.state).to.deep.equal({ phase: 'succeeded', output: succeeded.output, requestId: 'job-1' });
    expect(calls.uploads).to.equal(1);
    expect(calls.starts).to.deep.equal(['key-1']);
    expect(calls.events).to.include.members([
      'room-restyler-upload-start',
      'room-restyler-upload-complete',
      'room-restyler-generate-start',
      'room-restyler-complete',
    ]);
  });

  it('reports progress in core’s vocabulary: uploading, starting, generating, then downloading the images', async () => {
    const phases: string[] = [];
    const { deps } = fakes({
      upload: async (_blob, { onProgress }) => {
        onProgress(3, 3);
        return 'https://proxy.example/u/1.jpg';
      },
      emit: (name, detail) => {
        if (name === 'room-restyler-progress') phases.push((detail as { phase: string }).phase);
      },
    });
    await new GenerationFlow(host(), deps).start(request);
    expect([...new Set(phases)]).to.deep.equal(['uploading', 'starting', 'generating', 'downloading']);
    expect(phases.every((phase) => (GENERATION_PHASES as readonly string[]).includes(phase))).to.equal(true);
  });

  it('uploads a mask like the photo and starts with both URLs; Retry uploads neither again', async () => {
    const uploaded: [Blob, string | undefined][] = [];
    let failWait = true;
    const { deps, calls, client } = fakes({
      async upload(blob, { kind }) {
        uploaded.push([blob, kind]);
        return `https://proxy.example/u/${uploaded.length}`;
      },
    });
    const wait = client.waitForPrediction;
    client.waitForPrediction = async (id, o) => {
      if (!failWait) return wait(id, o);
      failWait = false;
      throw new ConnectionError('offline');
    };
    const mask = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const flow = new GenerationFlow(host(), deps);
    await flow.start({
      source: photo,
      mask,
      operation: 'inpaint',
      body: (urls) => ({ ...urls, prompt: 'a green sofa' }),
      style: 'modern',
      roomType: 'bedroom',
    });
    await flow.retry();
    expect(flow.state.phase).to.equal('succeeded');
    expect(uploaded).to.deep.equal([
      [photo, undefined],
      [mask, 'mask'],
    ]);
    expect(calls.bodies).to.deep.equal([
      { image_url: 'https://proxy.example/u/1', mask_url: 'https://proxy.example/u/2', prompt: 'a green sofa' },
    ]);
  });

  it('starts one job for a double click', async () => {
    const { deps, calls } = fakes();
    const flow = new GenerationFlow(host(), deps);
    await Promise.all([flow.start(request), flow.start(request)]);
    expect(calls.starts).to.have.length(1);
  });

  it('does not upload the same photo again for another style', async () => {
    const { deps, calls } = fakes();
    const flow = new GenerationFlow(host(), deps);
    await flow.start(request);
    flow.reset();
    await flow.start({ ...request, style: 'japandi' });
    expect(calls.uploads).to.equal(1);
    expect(calls.starts).to.deep.equal(['key-1', 'key-2']);
  });

  it('retries from the last completed phase with the same key after a network failure', async () => {
    let failWait = true;
    const { deps, calls, client } = fakes();
    const base = { ...client };
    client.waitForPrediction = async (id, o) => {
      if (failWait) {
        failWait = false;
        throw new ConnectionError('offline');
      }
      return base.waitForPrediction(id, o);
    };
    const flow = new GenerationFlow(host(), deps);
    await flow.start(request);
    expect(flow.state.phase).to.equal('failed');
    await flow.retry();
    expect(flow.state.phase).to.equal('succeeded');
    // Neither uploaded nor started again: the job that was paid for is followed to its end.
    expect(calls.uploads).to.equal(1);
    expect(calls.starts).to.deep.equal(['key-1']);
  });

  it('starts a new job with a new key when Retry follows a failed generation', async () => {
    const { deps, calls, client } = fakes();
    let first = true;
    client.waitForPrediction = async () => {
      if (first) {
        first = false;
        throw new GenerationFailedError('failed', { predictionStatus: 'failed' });
      }
      return succeeded;
    };
    const flow = new GenerationFlow(host(), deps);
    await flow.start(request);
    expect(flow.state).to.include({ phase: 'failed', failedIn: 'generating' });
    await flow.retry();
    expect(calls.starts).to.deep.equal(['key-1', 'key-2']);
    expect(flow.state.phase).to.equal('succeeded');
  });

  it('uses the event stream when it works and polls only when it does not', async () => {
    const pushed = fakes({ watch: async () => succeeded });
    await new GenerationFlow(host(), pushed.deps).start(request);
    expect(pushed.calls.waits).to.equal(0);

    const broken = fakes({ watch: async () => Promise.reject(new Error('stream failed')) });
    const flow = new GenerationFlow(host(), broken.deps);
    await flow.start(request);
    expect(broken.calls.waits).to.equal(1);
    expect(flow.state.phase).to.equal('succeeded');
  });

  it('turns a failed prediction from the stream into a generation failure', async () => {
    const { deps } = fakes({ watch: async () => ({ status: 'failed', error: 'bad image' }) });
    const flow = new GenerationFlow(host(), deps);
    await flow.start(request);
    expect(flow.state.phase).to.equal('failed');
    expect((flow.state as { error: unknown }).error).to.be.instanceOf(GenerationFailedError);
  });

  it('cancels: stops the wait, goes back to idle and reports the phase', async () => {
    const { deps, calls, client } = fakes();
    client.waitForPrediction = (_id, o) => new Promise((_, reject) => o?.signal?.addEventListener('abort', () => reject(o.signal?.reason)));
    const flow = new GenerationFlow(host(), deps);
    const running = flow.start(request);
    await until(() => flow.state.phase === 'generating', 'generating');
    flow.cancel();
    await running;
    expect(flow.state.phase).to.equal('idle');
    expect(calls.events).to.include('room-restyler-cancel');
    expect(calls.events).not.to.include('room-restyler-error');
  });

  it('stops everything when the host leaves the page', async () => {
    const { deps, client } = fakes();
    let aborted = false;
    client.waitForPrediction = (_id, o) =>
      new Promise((_, reject) =>
        o?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new AbortError('gone'));
        }),
      );
    const flow = new GenerationFlow(host(), deps);
    const running = flow.start(request);
    await until(() => flow.state.phase === 'generating', 'generating');
    flow.hostDisconnected();
    await running;
    expect(aborted).to.equal(true);
    expect(flow.busy).to.equal(false);
  });

  it('moves one bar from the upload to the loaded images, never back, and never promises less time later', async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async () => {} };
    const seen: { phase: string; progress: number; left?: number | undefined }[] = [];
    let loadImages: () => void = () => {};
    const { deps, client } = fakes({
      clock,
      upload: async (_blob, { onProgress }) => {
        for (const loaded of [1, 2, 3]) onProgress(loaded, 3);
        return 'https://proxy.example/u/1.jpg';
      },
      load: (_urls, { onLoaded }) =>
        new Promise<void>((resolve) => {
          loadImages = () => {
            onLoaded(1);
            resolve();
          };
        }),
      emit: (name, detail) => {
        if (name !== 'room-restyler-progress') return;
        const { phase, progress, estimatedRemainingMs } = detail as { phase: string; progress: number; estimatedRemainingMs?: number };
        seen.push({ phase, progress, left: estimatedRemainingMs });
      },
    });
    let release: (p: Prediction) => void = () => {};
    client.waitForPrediction = () => new Promise((r) => (release = r));
    const flow = new GenerationFlow(host(), deps);
    const running = flow.start(request);
    await until(() => flow.state.phase === 'generating', 'generating');
    // A job that takes longer than the usual 10–30 s: the estimate runs out, the bar keeps creeping.
    for (const at of [5_000, 12_000, 19_000, 21_000, 29_000, 31_000, 45_000, 60_000]) {
      now = at;
      await until(() => (flow.state as { elapsedMs?: number }).elapsedMs === at, `${at} ms elapsed`);
    }
    expect(flow.state).to.include({ phase: 'generating', elapsedMs: 60_000, estimatedRemainingMs: undefined });
    release(succeeded);
    await until(() => flow.state.phase === 'downloading', 'downloading');
    expect(flow.state.phase, 'not succeeded before the images load').to.equal('downloading');
    loadImages();
    await running;
    expect(flow.state.phase).to.equal('succeeded');

    const progress = seen.map((s) => s.progress);
    expect(
      progress.every((p, i) => i === 0 || p >= (progress[i - 1] as number)),
      progress.join(' '),
    ).to.equal(true);
    expect(progress.at(-1)).to.equal(1);
    const promised = seen.filter((s) => s.phase === 'generating').map((s) => s.left);
    expect(
      promised.every((left, i) => i === 0 || (left ?? 0) <= (promised[i - 1] ?? 0)),
      promised.join(' '),
    ).to.equal(true);
    expect(
      seen.find((s) => s.phase === 'generating' && s.left === undefined),
      'nothing promised after 30 s',
    ).to.exist;
  });

  it('estimates the time left from how long this site’s jobs take, as the proxy tells it', async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async () => {} };
    const promised: { phase: string; left?: number | undefined }[] = [];
    const { deps, client } = fakes({
      clock,
      emit: (name, detail) => {
        if (name !== 'room-restyler-progress') return;
        const { phase, estimatedRemainingMs } = detail as { phase: string; estimatedRemainingMs?: number };
        promised.push({ phase, left: estimatedRemainingMs });
      },
    });
    client.start = async () => ({ requestId: 'job-1', message: '', expectedMs: 4_200 });
    let release: (p: Prediction) => void = () => {};
    client.waitForPrediction = () => new Promise((r) => (release = r));
    const flow = new GenerationFlow(host(), deps);
    const running = flow.start({
      source: 'https://photos.example/room.jpg',
      operation: 'restyle',
      body: ({ image_url }) => ({ image_url, style: 'modern' }),
      style: 'modern',
      roomType: 'bedroom',
    });
    await until(() => flow.state.phase === 'generating', 'generating');
    now = 3_000;
    await until(() => (flow.state as { elapsedMs?: number }).elapsedMs === 3_000, '3 s elapsed');
    release(succeeded);
    await running;
    // Nothing is promised before the proxy answers; then its median, not the service's 30 s.
    expect(promised.find((p) => p.phase === 'starting')).to.deep.equal({ phase: 'starting', left: undefined });
    const generating = promised.filter((p) => p.phase === 'generating').map((p) => p.left);
    expect(generating[0]).to.equal(5_000);
    expect(generating.at(-1)).to.equal(2_000);
  });

  it('shows a result only once its images have loaded; a failed load is retried without a new job', async () => {
    const order: string[] = [];
    let fail = true;
    const { deps, calls } = fakes({
      load: async () => {
        order.push('load');
        if (fail) {
          fail = false;
          throw new Error('the image did not load');
        }
      },
      done: () => order.push('done'),
    });
    const emitted = deps.emit!;
    deps.emit = (name, detail) => {
      if (name === 'room-restyler-complete') order.push('complete');
      emitted(name, detail);
    };
    const flow = new GenerationFlow(host(), deps);
    await flow.start(request);
    expect(flow.state).to.include({ phase: 'failed', failedIn: 'downloading' });
    await flow.retry();
    expect(flow.state.phase).to.equal('succeeded');
    expect(order).to.deep.equal(['load', 'load', 'done', 'complete']);
    expect(calls.starts, 'the paid job is loaded again, not started again').to.deep.equal(['key-1']);
  });
});

describe('visibleClock', () => {
  it('does not end a sleep while the page is hidden, and resumes when it is shown', async () => {
    const listeners = new Set<() => void>();
    const doc: VisibilitySource & { hidden: boolean } = {
      hidden: true,
      addEventListener: (_t, l) => listeners.add(l),
      removeEventListener: (_t, l) => listeners.delete(l),
    };
    let woke = false;
    const sleeping = visibleClock(doc)
      .sleep(1)
      .then(() => (woke = true));
    await until(() => listeners.size === 1, 'one visibility listener');
    expect(woke).to.equal(false);
    doc.hidden = false;
    listeners.forEach((l) => {
      l();
    });
    await sleeping;
    expect(woke).to.equal(true);
    expect(listeners.size).to.equal(0);
  });
});
