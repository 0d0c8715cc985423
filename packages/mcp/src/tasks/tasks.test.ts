/** Generations as MCP Tasks, through a real SDK client: create, poll, fetch, cancel — and plain calls unchanged. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema, type Task } from '@modelcontextprotocol/sdk/types.js';
import { type FakeService, startFakeService, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type Connected, connectInMemory, FAST_SCHEDULE } from '../../test/support/connect.js';
import { startHttpServer } from '../http/http-server.js';
import { createRoomMcpServer } from '../server.js';

const restyle = { name: 'restyle', arguments: { image_url: 'https://example.com/room.jpg', style: 'japandi', previews: false } };
const textOf = (result: { content?: unknown }) => (result.content as { text?: string }[] | undefined)?.[0]?.text ?? '';

describe('tasks', () => {
  let service: FakeService;
  let mcp: Connected;
  afterEach(async () => {
    await mcp.close();
    await service.close();
  });

  async function connect(readsToComplete: number | 'manual' = 'manual') {
    service = await startFakeService({ readsToComplete });
    mcp = await connectInMemory({ apiKey: TEST_API_KEY, baseUrl: service.url });
  }
  const startTask = (call: { name: string; arguments: Record<string, unknown> } = restyle) =>
    mcp.client.request({ method: 'tools/call', params: { ...call, task: { ttl: 60_000 } } }, CreateTaskResultSchema);
  async function taskReaches(taskId: string, status: Task['status']): Promise<Task> {
    let task: Task | undefined;
    await waitFor(async () => {
      task = await mcp.client.experimental.tasks.getTask(taskId);
      return task.status === status;
    }, `task ${taskId} to be ${status}`);
    return task as Task;
  }

  it('offers enhance and restyle as optional tasks and declares the tasks capability', async () => {
    await connect();
    const { tools } = await mcp.client.listTools();
    const support = Object.fromEntries(tools.map((tool) => [tool.name, tool.execution?.taskSupport]));
    expect(support).toMatchObject({ enhance: 'optional', restyle: 'optional' });
    expect(support.prediction).not.toBe('optional');
    expect(mcp.client.getServerCapabilities()?.tasks).toMatchObject({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
  });

  it('answers a task-augmented call once the job is accepted, with the request id as task id; get, list and result follow it', async () => {
    await connect();
    const { task } = await startTask();
    const job = [...service.jobs.values()][0];
    expect(task.taskId).toBe(job?.id);
    expect(task.status).toBe('working');

    let working = await mcp.client.experimental.tasks.getTask(task.taskId);
    expect(working.statusMessage).toMatch(/^Generating \(starting\)/);
    await waitFor(async () => {
      working = await mcp.client.experimental.tasks.getTask(task.taskId);
      return working.statusMessage?.startsWith('Generating (processing)') ?? false;
    }, 'the status message to follow the job');
    expect(working.status).toBe('working');
    expect((await mcp.client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);

    service.complete(task.taskId);
    await taskReaches(task.taskId, 'completed');
    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ request_id: task.taskId, done: true, status: 'succeeded' });
    expect(service.count('/api/v1/restyle', 'POST')).toBe(1);
  });

  it('runs an operation tool as a task too: a blur, its task id the job’s, its result the plain call’s', async () => {
    await connect();
    const blur = { operation: 'blurObjects', image_url: 'https://example.com/street.jpg', objects: ['faces'], previews: false };
    const { task } = await startTask({ name: 'edit_objects', arguments: blur });
    const job = [...service.jobs.values()][0];
    expect([task.taskId, job?.operation]).toEqual([job?.id, 'blurObjects']);
    service.complete(task.taskId);
    await taskReaches(task.taskId, 'completed');
    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toMatchObject({ request_id: task.taskId, done: true, inputs: { operation: 'blurObjects' } });
  });

  it('follows a task past the 55 s wait_seconds budget of plain calls', async () => {
    await connect();
    const { task } = await startTask({ ...restyle, arguments: { ...restyle.arguments, wait_seconds: 0 } });
    // wait_seconds 0 would end a plain call at once; a task keeps following until the job is done.
    await waitFor(() => service.count('/api/v1/prediction/', 'GET') > 0, 'the job to be followed');
    service.complete(task.taskId);
    await taskReaches(task.taskId, 'completed');
    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toMatchObject({ done: true });
  });

  it('cancel stops following and says the job keeps running and is charged', async () => {
    await connect();
    const { task } = await startTask();
    await waitFor(() => service.count('/api/v1/prediction/', 'GET') > 0, 'the job to be followed');

    const cancelled = await mcp.client.experimental.tasks.cancelTask(task.taskId);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.statusMessage).toMatch(new RegExp(`cannot cancel a job: ${task.taskId} keeps running and its credit is spent`));
    await mcp.logLine(new RegExp(`cancelled by the client; job ${task.taskId} keeps running`));
    const reads = service.count('/api/v1/prediction/', 'GET');

    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(`The job ${task.taskId} keeps running on the service and its credit is not refunded`);
    // Finishing the job later changes nothing: nobody follows it any more.
    service.complete(task.taskId);
    expect((await mcp.client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
    expect(service.count('/api/v1/prediction/', 'GET')).toBe(reads);
  });

  it('a start the service refuses is a failed task that says why; nothing was charged', async () => {
    await connect();
    service.setCredits(0);
    const { task } = await startTask();
    expect(task.status).toBe('failed');
    expect(service.jobs.size).toBe(0);
    const result = await mcp.client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Out of credits/);
  });

  it('a plain call still gets the normal result within wait_seconds, and leaves no task behind', async () => {
    await connect();
    const pending = await mcp.client.callTool({ ...restyle, arguments: { ...restyle.arguments, wait_seconds: 0 } });
    expect(pending.structuredContent).toMatchObject({ done: false, next_step: expect.stringMatching(/Call the `prediction` tool/) });
    expect((await mcp.client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it('closing the session stops following its tasks', async () => {
    await connect();
    const { task } = await startTask();
    await waitFor(() => service.count('/api/v1/prediction/', 'GET') > 0, 'the job to be followed');
    await mcp.client.close();
    await mcp.logLine(new RegExp(`cancelled by the client; job ${task.taskId} keeps running`));
  });
});

describe('tasks over Streamable HTTP', () => {
  it('a task created in a session is followed after its call ended, and its result is fetched later', async () => {
    const service = await startFakeService({ readsToComplete: 'manual' });
    const logs: string[] = [];
    const server = await startHttpServer({
      port: 0,
      createServer: () =>
        createRoomMcpServer({ apiKey: TEST_API_KEY, baseUrl: service.url, pollSchedule: FAST_SCHEDULE, log: (l) => logs.push(l) }),
    });
    const client = new Client({ name: 'http-tasks', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const { task } = await client.request({ method: 'tools/call', params: { ...restyle, task: {} } }, CreateTaskResultSchema);
      await waitFor(() => service.count('/api/v1/prediction/', 'GET') > 1, 'the job to be followed after the call answered');
      service.complete(task.taskId);
      const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(result.structuredContent).toMatchObject({ request_id: task.taskId, done: true });
      expect(logs.filter((line) => /not sent|not kept/.test(line))).toEqual([]);
    } finally {
      await client.close();
      await server.close();
      await service.close();
    }
  });
});
