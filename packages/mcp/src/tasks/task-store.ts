/**
 * The session's generation tasks (MCP Tasks, protocol 2025-11-25). A task is created before its job
 * starts, hidden until then, and takes the service's request id once the job is accepted, so the
 * task id a client sees is the id `prediction` and the service know. Plain (not task-augmented)
 * calls pass through the SDK's task path too: their entries are never listed and are dropped once
 * their result is read. Bounded: at most MAX_TASKS entries, finished ones kept for their TTL.
 */
import { randomUUID } from 'node:crypto';
import { type CreateTaskOptions, isTerminal, type TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { Request, Result, Task } from '@modelcontextprotocol/sdk/types.js';

/** How long a finished task's result is kept when the client asks for no (or a longer) TTL. */
export const MAX_TASK_TTL_MS = 60 * 60 * 1000;
const MAX_TASKS = 32;

/** What a cancelled task says and returns: the job itself cannot be cancelled on the service. */
export type CancelledTask = (taskId: string) => { statusMessage: string; result: Result };

interface Entry {
  task: Task;
  sessionId: string | undefined;
  /** Created for a plain call: never listed, dropped once its result is read. */
  plain: boolean;
  /** Hidden until its job started (or its start failed). */
  shown: boolean;
  result?: Result;
  /** Stops following the job: aborted by tasks/cancel and when the session ends. */
  controller: AbortController;
  /** What this task says when cancelled, when not the store's default (a batch lists the items it charged). */
  cancelled?: (() => ReturnType<CancelledTask>) | undefined;
  expiry?: ReturnType<typeof setTimeout>;
}

export class GenerationTaskStore implements TaskStore {
  readonly #entries = new Map<string, Entry>();
  readonly #pollIntervalMs: number;
  readonly #cancelled: CancelledTask;

  constructor(options: { pollIntervalMs: number; cancelled: CancelledTask }) {
    this.#pollIntervalMs = options.pollIntervalMs;
    this.#cancelled = options.cancelled;
  }

  async createTask(params: CreateTaskOptions, _requestId: unknown, request: Request, sessionId?: string): Promise<Task> {
    this.#evict();
    const now = new Date().toISOString();
    const task: Task = {
      taskId: randomUUID(),
      status: 'working',
      ttl: Math.min(params.ttl ?? MAX_TASK_TTL_MS, MAX_TASK_TTL_MS),
      createdAt: now,
      lastUpdatedAt: now,
      pollInterval: params.pollInterval ?? this.#pollIntervalMs,
    };
    const plain = typeof request.params?.task !== 'object';
    this.#entries.set(task.taskId, { task, sessionId, plain, shown: false, controller: new AbortController() });
    return { ...task };
  }

  async getTask(taskId: string, sessionId?: string): Promise<Task | null> {
    const entry = this.#visible(taskId, sessionId);
    return entry ? { ...entry.task } : null;
  }

  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result, sessionId?: string): Promise<void> {
    const entry = this.#own(taskId, sessionId);
    if (!entry) throw new Error(`Task ${taskId} not found`);
    // A task cancelled meanwhile keeps its cancellation result.
    if (isTerminal(entry.task.status)) return;
    this.#finish(entry, status, result);
  }

  async getTaskResult(taskId: string, sessionId?: string): Promise<Result> {
    const entry = this.#own(taskId, sessionId);
    if (!entry?.result) throw new Error(`Task ${taskId} has no result yet`);
    if (entry.plain) this.#drop(taskId);
    return entry.result;
  }

  /** Only tasks/cancel moves a task here from outside; the job keeps running on the service. */
  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string, sessionId?: string): Promise<void> {
    const entry = this.#own(taskId, sessionId);
    if (!entry || isTerminal(entry.task.status)) return;
    if (status === 'cancelled') {
      // Stopped first, so that what it says is final: nothing starts after.
      entry.controller.abort();
      const cancelled = entry.cancelled?.() ?? this.#cancelled(taskId);
      this.#finish(entry, 'cancelled', cancelled.result, cancelled.statusMessage);
      return;
    }
    this.#update(entry, status, statusMessage);
  }

  async listTasks(cursor?: string, sessionId?: string): Promise<{ tasks: Task[] }> {
    // Never more than MAX_TASKS: one page.
    if (cursor !== undefined) throw new Error(`Invalid cursor: ${cursor}`);
    const tasks = [...this.#entries.keys()].flatMap((id) => {
      const entry = this.#visible(id, sessionId);
      return entry ? [{ ...entry.task }] : [];
    });
    return { tasks };
  }

  /** Whether the call behind this task was a plain one (to be answered as before tasks existed). */
  isPlain(taskId: string): boolean {
    return this.#entries.get(taskId)?.plain ?? false;
  }

  /** Aborted when the task is cancelled or the session ends. */
  signal(taskId: string): AbortSignal {
    const entry = this.#entries.get(taskId);
    if (!entry) throw new Error(`Task ${taskId} not found`);
    return entry.controller.signal;
  }

  abort(taskId: string): void {
    this.#entries.get(taskId)?.controller.abort();
  }

  /** Makes the task visible, under the job's request id when there is one; `cancelled` says what a cancel of it answers. */
  show(taskId: string, requestId?: string, cancelled?: () => ReturnType<CancelledTask>): Task {
    const entry = this.#entries.get(taskId);
    if (!entry) throw new Error(`Task ${taskId} not found`);
    entry.cancelled = cancelled;
    let id = taskId;
    if (requestId !== undefined && !this.#entries.has(requestId)) {
      this.#entries.delete(taskId);
      entry.task.taskId = requestId;
      this.#entries.set(requestId, entry);
      id = requestId;
    }
    entry.shown = true;
    return { ...entry.task, taskId: id };
  }

  /** What tasks/get says while the job runs: the same words as the progress notifications. */
  setStatusMessage(taskId: string, statusMessage: string): void {
    const entry = this.#entries.get(taskId);
    if (entry && !isTerminal(entry.task.status)) this.#update(entry, entry.task.status, statusMessage);
  }

  forget(taskId: string): void {
    this.#drop(taskId);
  }

  /** The session ended: stop following every job and keep nothing. */
  close(): void {
    for (const id of [...this.#entries.keys()]) {
      this.#entries.get(id)?.controller.abort();
      this.#drop(id);
    }
  }

  #own(taskId: string, sessionId: string | undefined): Entry | undefined {
    const entry = this.#entries.get(taskId);
    return entry && (sessionId === undefined || entry.sessionId === undefined || entry.sessionId === sessionId) ? entry : undefined;
  }

  #visible(taskId: string, sessionId: string | undefined): Entry | undefined {
    const entry = this.#own(taskId, sessionId);
    return entry?.shown && !entry.plain ? entry : undefined;
  }

  #update(entry: Entry, status: Task['status'], statusMessage: string | undefined): void {
    entry.task.status = status;
    entry.task.lastUpdatedAt = new Date().toISOString();
    if (statusMessage === undefined) delete entry.task.statusMessage;
    else entry.task.statusMessage = statusMessage;
  }

  #finish(entry: Entry, status: 'completed' | 'failed' | 'cancelled', result: Result, statusMessage?: string): void {
    entry.result = result;
    this.#update(entry, status, statusMessage);
    const ttl = entry.task.ttl ?? MAX_TASK_TTL_MS;
    const id = entry.task.taskId;
    entry.expiry = setTimeout(() => this.#drop(id), ttl);
    entry.expiry.unref();
  }

  #drop(taskId: string): void {
    const entry = this.#entries.get(taskId);
    if (entry?.expiry) clearTimeout(entry.expiry);
    this.#entries.delete(taskId);
  }

  /** Room for one more: the oldest finished tasks go first. */
  #evict(): void {
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size < MAX_TASKS) return;
      if (isTerminal(entry.task.status)) this.#drop(id);
    }
  }
}
