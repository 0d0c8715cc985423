/**
 * `enhance` and `restyle` as MCP Tasks. A task-augmented call answers once the service accepted the
 * job, with the job's request id as task id; the server then follows the job in the background (no
 * 55 s budget) and keeps the result for tasks/result. tasks/cancel stops the following only: the job
 * keeps running on the service and its credit is spent. A plain call runs exactly as before tasks.
 */
import type { CreateTaskRequestHandlerExtra, ToolTaskHandler } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  type CreateTaskResult,
  type ServerNotification,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from '../results/error-result.js';
import { jobErrorContent } from '../results/job-output.js';
import type { GenerationHooks } from '../tools/generation.js';
import type { ToolExtra } from '../tools/progress.js';
import type { GenerationTaskStore } from './task-store.js';

/** A generation tool's whole run for one call, as its plain handler does it. */
export type GenerationRun<Args> = (args: Args, extra: ToolExtra, hooks: GenerationHooks) => Promise<CallToolResult>;

/** The status a task ends with, from the result its run gave. */
const finalStatus = (result: CallToolResult) => (result.isError ? 'failed' : 'completed');

/** How long a task follows its job: far beyond the service's 10–30 s, and bounded. */
export const TASK_WAIT_SECONDS = 15 * 60;

/** The progress token the run reports under inside a task; its steps become the task's status message. */
const TASK_PROGRESS = 'room-restyler-task';

export function generationTaskHandler<Args extends object>(
  store: GenerationTaskStore,
  run: GenerationRun<Args>,
  log: (line: string) => void,
): ToolTaskHandler<AnySchema> {
  return {
    // The SDK hands over the arguments as parsed by the tool's inputSchema, i.e. Args.
    createTask: (args, extra) => createTask(store, run, args as Args, extra, log),
    getTask: (_args, extra) => extra.taskStore.getTask(extra.taskId),
    getTaskResult: async (_args, extra) => CallToolResultSchema.parse(await extra.taskStore.getTaskResult(extra.taskId)),
  };
}

async function createTask<Args extends object>(
  store: GenerationTaskStore,
  run: GenerationRun<Args>,
  args: Args,
  extra: CreateTaskRequestHandlerExtra,
  log: (line: string) => void,
): Promise<CreateTaskResult> {
  const created = await extra.taskStore.createTask(extra.taskRequestedTtl === undefined ? {} : { ttl: extra.taskRequestedTtl });
  const id = created.taskId;
  if (store.isPlain(id)) {
    // The SDK asks plain calls for a task too; answer them as before: within wait_seconds, with progress.
    try {
      const result = await run(args, extra, {});
      await store.storeTaskResult(id, finalStatus(result), result);
      return { task: { ...created, status: finalStatus(result) } };
    } catch (error) {
      store.forget(id);
      throw error;
    }
  }

  // Until the job is accepted the client is still waiting for this answer: its cancel stops the start.
  const cancelStart = () => store.abort(id);
  extra.signal.addEventListener('abort', cancelStart, { once: true });
  let shownAs: string | undefined;
  let accept: (task: Task) => void = () => {};
  const accepted = new Promise<Task>((resolve) => {
    accept = resolve;
  });
  const finished = run(
    { ...args, wait_seconds: TASK_WAIT_SECONDS },
    taskExtra(extra, store.signal(id), () => shownAs, store),
    {
      // From here on the task carries the job's id, and progress becomes its status message.
      onStarted(requestId, cancelled) {
        const task = store.show(id, requestId, cancelled);
        shownAs = task.taskId;
        accept(task);
      },
    },
  ).catch((error: unknown) => errorResult(error, {}, jobErrorContent));
  const first = await Promise.race([accepted.then((task) => ({ task })), finished.then((result) => ({ result }))]);
  extra.signal.removeEventListener('abort', cancelStart);

  if ('result' in first) {
    // The client gave up before any job existed: nobody reads this answer or asks for the task.
    if (extra.signal.aborted) {
      store.forget(id);
      return { task: created };
    }
    // Refused before any job existed (bad input, no credits, declined): a failed task, nothing charged.
    const task = store.show(id);
    await store.storeTaskResult(task.taskId, finalStatus(first.result), first.result);
    return { task: (await store.getTask(task.taskId)) ?? task };
  }
  const { task } = first;
  void finished
    .then((result) => extra.taskStore.storeTaskResult(task.taskId, finalStatus(result), result))
    .catch((error: unknown) => log(`task ${task.taskId}: result not kept (${error instanceof Error ? error.message : String(error)})`));
  return { task };
}

/**
 * The run's view of the call inside a task: the task's signal, and progress that reaches the client
 * while the call is open, then becomes the task's status message (the call's stream is gone by then).
 */
function taskExtra(extra: ToolExtra, signal: AbortSignal, shownAs: () => string | undefined, store: GenerationTaskStore): ToolExtra {
  const clientToken = extra._meta?.progressToken;
  return {
    ...extra,
    signal,
    _meta: { ...extra._meta, progressToken: TASK_PROGRESS },
    sendNotification: async (notification: ServerNotification) => {
      const taskId = shownAs();
      if (taskId !== undefined) {
        if (notification.method === 'notifications/progress' && notification.params.message)
          store.setStatusMessage(taskId, notification.params.message);
        return;
      }
      if (notification.method !== 'notifications/progress') return extra.sendNotification(notification);
      if (clientToken !== undefined)
        return extra.sendNotification({ ...notification, params: { ...notification.params, progressToken: clientToken } });
    },
  };
}
