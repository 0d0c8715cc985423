/** `recent_jobs`: the jobs of this session and the account's recent ones. Read-only and free. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { describeRecentJobs, recentJobs, recentJobsSchema } from '../jobs/recent-jobs.js';
import { errorResult } from '../results/error-result.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments } from '../surface/tool-arguments.js';
import { readAnnotations } from './annotations.js';

const TITLE = 'Recent generation jobs';

export function registerRecentJobsTool(server: McpServer, ctx: ServerContext, registry: Registry): void {
  registry.tool('recent_jobs', (name) =>
    server.registerTool(
      name,
      {
        title: TITLE,
        description:
          "List the generation jobs started in this session and the account's recent jobs, with their request ids and status. " +
          'Use it to find a job again when a call was interrupted or timed out, or said the job may have been charged, ' +
          'instead of starting a new generation. Costs nothing.',
        inputSchema: {
          limit: z
            .number()
            .int()
            .min(1)
            .max(100)
            .default(20)
            .describe("How many of the account's recent jobs to list (1–100, default 20)."),
        },
        outputSchema: recentJobsSchema,
        annotations: readAnnotations(TITLE),
      },
      async (args, extra) => {
        try {
          const jobs = await recentJobs(ctx, checkedArguments(args).limit, extra.signal);
          return { content: [{ type: 'text', text: describeRecentJobs(jobs) }], structuredContent: jobs };
        } catch (error) {
          return errorResult(error, {}, (facts) => ({ session_jobs: [], error: facts }));
        }
      },
    ),
  );
}
