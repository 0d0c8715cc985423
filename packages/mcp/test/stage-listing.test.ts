/**
 * `stage_listing` through a real SDK client against the simulator: photos × styles as one batch,
 * progress per item, the price confirmed by elicitation (declined: nothing started), as a Task
 * polled to the end, and a Task cancelled mid-way that lists what it charged and starts nothing more.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { fixedPollSchedule } from '@room-restyler/core';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoomMcpServerOptions } from '../src/options.js';
import { type Connected, connectInMemory } from './support/connect.js';
import { startUploadRoute, type UploadRoute } from './support/upload-route.js';

const KEY = 'sim_listing_key';

interface ListingOutput {
  status: string;
  items: { id: string; photo: string; style: string; status: string; charged: boolean; request_id?: string; images: { url: string }[] }[];
  succeeded: number;
  credits_charged: number;
  error?: { code: string };
}

describe('stage_listing against the simulator', () => {
  let simulator: RunningSimulator;
  let mcp: Connected;
  let route: UploadRoute | undefined;
  let asked: ElicitRequest['params'][];
  afterEach(async () => {
    await mcp.close();
    await route?.close();
    await simulator.close();
  });

  /** `answer` set: a client that can be asked (elicitation), answering so. */
  async function connect(
    answer?: (params: ElicitRequest['params']) => ElicitResult,
    options: RoomMcpServerOptions = {},
    latencyMs = { min: 30, max: 60 },
  ) {
    simulator = await startSimulator({ port: 0, latencyMs, accounts: [{ apiKey: KEY, credits: 50 }], imageFetch: { allowPrivate: true } });
    asked = [];
    mcp = await connectInMemory(
      { apiKey: KEY, baseUrl: simulator.url, pollSchedule: fixedPollSchedule(10, 50), ...options },
      answer ? { capabilities: { elicitation: {} } } : undefined,
    );
    if (answer)
      mcp.client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params);
        return answer(request.params);
      });
  }
  const photos = () =>
    ['empty-room.jpg', 'furnished-room.jpg', 'empty-room.jpg?again'].map((p) => `${simulator.url}/__simulator/samples/${p}`);
  const listing = () => ({ name: 'stage_listing', arguments: { image_urls: photos(), styles: ['scandinavian', 'japandi'] } });
  const jobs = () => simulator.stats().jobs.accepted;

  it('is listed as paid, not idempotent, open-world, task-capable, with its cost', async () => {
    await connect();
    const tool = (await mcp.client.listTools()).tools.find((one) => one.name === 'stage_listing');
    expect(tool?.description).toMatch(/1 credit per image \(photos × styles, at most 40\), priced against the balance first/);
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(tool?.execution?.taskSupport).toBe('optional');
    expect(tool?.outputSchema?.required).toEqual(['status', 'items', 'credits_charged']);
  });

  it('stages 3 photos × 2 styles as 6 items, one progress notification per item, 6 jobs', async () => {
    await connect();
    const progress: Progress[] = [];
    const result = await mcp.client.callTool(listing(), undefined, { onprogress: (p) => progress.push(p) });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const output = result.structuredContent as unknown as ListingOutput;
    expect(output).toMatchObject({ status: 'completed', succeeded: 6, credits_charged: 6 });
    expect(output.items.map((item) => `${item.photo} × ${item.style}`)).toEqual([
      'empty-room × scandinavian',
      'empty-room × japandi',
      'furnished-room × scandinavian',
      'furnished-room × japandi',
      'empty-room-2 × scandinavian',
      'empty-room-2 × japandi',
    ]);
    expect(output.items.every((item) => item.images.length === 1 && item.status === 'succeeded')).toBe(true);
    expect(jobs()).toBe(6);
    const perItem = progress.filter((p) => p.progress > 0);
    expect(perItem.map((p) => [p.progress, p.total])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 6]));
    for (const p of perItem) expect(p.message).toMatch(/^\d\/6: (empty-room|furnished-room|empty-room-2) × (scandinavian|japandi) done$/);
    // Each job is this session's: recent_jobs lists all six.
    const recent = await mcp.client.callTool({ name: 'recent_jobs', arguments: {} });
    expect(JSON.stringify(recent.structuredContent).match(/"tool":"stage_listing"/g)).toHaveLength(6);
  });

  /** A folder of two photos (and a note), and a server whose upload route is the real proxy's. */
  async function folderListing(answer?: (params: ElicitRequest['params']) => ElicitResult): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'room-mcp-listing-'));
    await connect(answer);
    route = await startUploadRoute({ apiKey: KEY, baseUrl: simulator.url });
    await mcp.close();
    mcp = await connectInMemory(
      { apiKey: KEY, baseUrl: simulator.url, uploadUrl: route.uploadUrl, pollSchedule: fixedPollSchedule(10, 50) },
      answer ? { capabilities: { elicitation: {} } } : undefined,
    );
    if (answer) mcp.client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
    const photo = Buffer.from(await (await fetch(photos()[0] ?? '')).arrayBuffer());
    await Promise.all(['kitchen.jpg', 'bedroom.jpg', 'notes.txt'].map((name) => writeFile(join(dir, name), photo)));
    return dir;
  }

  it('stages every photo of a folder, uploaded first, and saves every image', async () => {
    const dir = await folderListing();
    try {
      const result = await mcp.client.callTool({
        name: 'stage_listing',
        arguments: { image_paths: [dir], styles: ['coastal'], save_dir: join(dir, 'staged') },
      });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const output = result.structuredContent as unknown as ListingOutput & { items: { images: { saved_path?: string }[] }[] };
      expect(output.items.map((item) => item.id)).toEqual(['bedroom-coastal', 'kitchen-coastal']);
      for (const item of output.items) expect(item.images[0]?.saved_path).toMatch(/staged\/(bedroom|kitchen)-coastal-.+\.(jpg|png|webp)$/);
      expect(jobs()).toBe(2);
      expect(await route?.uploaded()).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("uploads a folder's photos only once the price is confirmed: declined, or more than the balance, nothing is sent", async () => {
    const dir = await folderListing(() => ({ action: 'decline' }));
    try {
      const listing = { name: 'stage_listing', arguments: { image_paths: [dir], styles: ['coastal', 'japandi'] } };
      const declined = await mcp.client.callTool(listing);
      expect((declined.structuredContent as unknown as ListingOutput).error?.code).toBe('not_confirmed');
      simulator.setCredits(KEY, 3);
      const unaffordable = await mcp.client.callTool(listing);
      expect((unaffordable.structuredContent as unknown as ListingOutput).error?.code).toBe('insufficient_credits');
      expect(await route?.uploaded()).toBe(0);
      expect(jobs()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('asks before spending more than the threshold, with the price; accepted, it stages', async () => {
    await connect(() => ({ action: 'accept', content: { confirm: true } }));
    const result = await mcp.client.callTool(listing());
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('Stage 3 photos × 2 styles = 6 credits of your 50?');
    expect(result.isError).toBeFalsy();
    expect(jobs()).toBe(6);
  });

  it('declined: nothing is started, nothing charged', async () => {
    await connect(() => ({ action: 'decline' }));
    const result = await mcp.client.callTool(listing());
    expect(result.isError).toBe(true);
    expect((result.structuredContent as unknown as ListingOutput).error?.code).toBe('not_confirmed');
    expect((result.content as { text: string }[])[0]?.text).toMatch(/^Not started: the user did not confirm spending 6 credits\./);
    expect(jobs()).toBe(0);
  });

  it('refuses a batch the balance cannot pay, before anything starts', async () => {
    await connect();
    simulator.setCredits(KEY, 5);
    const result = await mcp.client.callTool(listing());
    expect((result.structuredContent as unknown as ListingOutput).error?.code).toBe('insufficient_credits');
    expect(jobs()).toBe(0);
  });

  it('called again after a call was cut off (a client timeout), continues the listing: its jobs are not paid twice', async () => {
    // Jobs long enough that no fifth start is on its way when the call is cut off.
    await connect(undefined, {}, { min: 1000, max: 1200 });
    const cutOff = new AbortController();
    const first = mcp.client.callTool(listing(), undefined, { signal: cutOff.signal });
    // Cut off once the server holds the first four jobs (a start cut off on the wire stays "possibly charged").
    await waitFor(async () => {
      const recent = await mcp.client.callTool({ name: 'recent_jobs', arguments: {} });
      return (JSON.stringify(recent.structuredContent).match(/"tool":"stage_listing"/g) ?? []).length >= 4;
    }, 'the first four jobs');
    cutOff.abort();
    await expect(first).rejects.toThrow();
    const progress: Progress[] = [];
    const again = await mcp.client.callTool(listing(), undefined, { onprogress: (p) => progress.push(p) });
    const output = again.structuredContent as unknown as ListingOutput;
    expect(output, JSON.stringify(output)).toMatchObject({ status: 'completed', succeeded: 6, credits_charged: 6 });
    // It used to start the six again: 10 jobs or more, for one listing.
    expect(jobs()).toBe(6);
    expect(progress[0]?.message).toMatch(/^Continuing 6 images cut off earlier/);
    expect((again.content as { text: string }[])[0]?.text).toMatch(/Note: continued the listing a call cut off earlier/);
    // Once delivered, the same listing asked again is a new one.
    await mcp.client.callTool(listing());
    expect(jobs()).toBe(12);
  });

  it('runs as a Task the client polls to completion', async () => {
    await connect();
    const { task } = await mcp.client.request(
      { method: 'tools/call', params: { ...listing(), task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    const messages = new Set<string | undefined>();
    await waitFor(async () => {
      const now = await mcp.client.experimental.tasks.getTask(task.taskId);
      messages.add(now.statusMessage);
      return now.status === 'completed';
    }, 'the listing task');
    // While it runs, tasks/get says which image was done last.
    expect([...messages].some((message) => /^[1-5]\/6: .+ × .+ done$/.test(message ?? ''))).toBe(true);
    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toMatchObject({ status: 'completed', succeeded: 6 });
    expect(jobs()).toBe(6);
  });

  it('cancelled mid-way as a Task: lists the items charged, and starts nothing after', async () => {
    await connect(undefined, {}, { min: 400, max: 600 });
    const { task } = await mcp.client.request(
      { method: 'tools/call', params: { ...listing(), task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    await waitFor(() => jobs() >= 1, 'a first job');
    const cancelled = await mcp.client.experimental.tasks.cancelTask(task.taskId);
    expect(cancelled.status).toBe('cancelled');
    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    const output = result.structuredContent as unknown as ListingOutput;
    const charged = output.items.filter((item) => item.charged);
    expect(output.status).toBe('cancelled');
    expect(charged.length).toBeGreaterThanOrEqual(jobs());
    expect(charged.length).toBeLessThan(6);
    expect(cancelled.statusMessage).toBe(
      `Cancelled; nothing more starts. ${charged.length} item${charged.length === 1 ? '' : 's'} charged (or possibly): ${charged.map((item) => item.id).join(', ')}.`,
    );
    // The jobs made run to their end; by then nothing else was started.
    await waitFor(() => simulator.stats().jobs.running === 0, 'the charged jobs to end');
    expect(jobs()).toBeLessThanOrEqual(charged.length);
  });
});
