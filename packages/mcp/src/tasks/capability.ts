/** What the server declares and wires for tasks: task-augmented tools/call, tasks/list, tasks/cancel. */

import type { ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GenerationTaskStore } from './task-store.js';

export function taskOptions(store: GenerationTaskStore | undefined): Pick<ServerOptions, 'taskStore' | 'capabilities'> {
  if (!store) return {};
  return { taskStore: store, capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } };
}

/** When the session ends (stdin closed, HTTP session deleted), nothing keeps following a job for nobody. */
export function stopTasksOnClose(server: McpServer, store: GenerationTaskStore): void {
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    store.close();
  };
}
