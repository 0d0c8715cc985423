/** `room-restyler://jobs`: what `recent_jobs` lists, for clients that browse resources. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerContext } from '../context.js';
import { recentJobs } from '../jobs/recent-jobs.js';
import type { Registry } from '../surface/registry.js';

export const JOBS_URI = 'room-restyler://jobs';

export function registerJobsResource(server: McpServer, ctx: ServerContext, registry: Registry): void {
  registry.resource(JOBS_URI, (uri) =>
    server.registerResource(
      'jobs',
      uri,
      {
        title: 'Recent generation jobs',
        description: "The jobs started in this session and the account's 20 most recent jobs, with request ids and status.",
        mimeType: 'application/json',
      },
      async (uri, extra) => ({
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await recentJobs(ctx, 20, extra.signal), null, 2) }],
      }),
    ),
  );
}
