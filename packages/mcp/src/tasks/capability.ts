/** What the server declares and wires for tasks: task-augmented tools/call, tasks/list, tasks/cancel. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { AbortError, DEFAULT_POLL_SCHEDULE } from '@room-restyler/core';
import type { RoomMcpServerOptions } from '../options.js';
import { errorResult } from '../results/error-result.js';
import { jobErrorContent } from '../results/job-output.js';
import { GenerationTaskStore } from './task-store.js';

export const TASKS_CAPABILITY = {
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
} as const satisfies ServerCapabilities;

/** The session's task store; none when tasks are off (stateless HTTP: nothing outlives a request). */
export function taskStoreFor(options: RoomMcpServerOptions): GenerationTaskStore | undefined {
  if (options.tasks === false) return undefined;
  // Clients poll a task as often as the server polls its job.
  const pollIntervalMs = (options.pollSchedule ?? DEFAULT_POLL_SCHEDULE).windowIntervalMs;
  return new GenerationTaskStore({ pollIntervalMs, cancelled });
}

/** When the session ends (stdin closed, HTTP session deleted), nothing keeps following a job for nobody. */
export function stopTasksOnClose(server: McpServer, store: GenerationTaskStore): void {
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    store.close();
  };
}

/** tasks/cancel: the service cannot cancel a job, so the task says so and points to `prediction`. */
function cancelled(requestId: string) {
  return {
    statusMessage: `Stopped following. The service cannot cancel a job: ${requestId} keeps running and its credit is spent; get its images with \`prediction\`.`,
    result: errorResult(new AbortError('Cancelled by the client'), { requestId }, jobErrorContent),
  };
}
