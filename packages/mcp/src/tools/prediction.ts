/** `prediction`: check on (and wait for) a job started earlier. Free: reading spends no credit. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerContext } from '../context.js';
import { errorResult } from '../results/error-result.js';
import { jobErrorContent, jobOutputSchema } from '../results/job-output.js';
import { presentJob } from '../results/job-result.js';
import { safeName } from '../results/save.js';
import type { Registry } from '../surface/registry.js';
import { readAnnotations } from './annotations.js';
import { jobDeliveryFields, requestIdField } from './fields.js';
import { followJob } from './follow-job.js';
import { progressReporter } from './progress.js';

const TITLE = 'Get a generation result';

export function registerPredictionTool(server: McpServer, ctx: ServerContext, registry: Registry): RegisteredTool {
  return registry.tool('prediction', (name) =>
    server.registerTool(
      name,
      {
        title: TITLE,
        description:
          'Check on a generation started earlier by `enhance` or `restyle`, and wait for it up to wait_seconds (0 = just look). ' +
          'Use it when a generation result said the job was still running. Costs nothing: it never starts a new generation, ' +
          'and writes nothing (to save the images, use `save_images`).',
        inputSchema: { id: requestIdField, ...jobDeliveryFields },
        outputSchema: jobOutputSchema,
        annotations: readAnnotations(TITLE),
      },
      async (args, extra) => {
        try {
          const report = progressReporter(extra, ctx.log);
          const outcome = await followJob(ctx, {
            requestId: args.id,
            startedAt: Date.now(),
            waitSeconds: args.wait_seconds,
            signal: extra.signal,
            report,
            justStarted: false,
            initialStatus: 'unknown',
          });
          return await presentJob(ctx, {
            verb: 'Generation finished',
            requestId: args.id,
            outcome,
            previews: args.previews,
            fileStem: `prediction-${safeName(args.id).slice(0, 12)}`,
            signal: extra.signal,
            report,
          });
        } catch (error) {
          // Reading is safe to repeat: the id is echoed, but not as a job this call started.
          return errorResult(error, { lookingFor: 'prediction' }, (facts) => jobErrorContent({ ...facts, request_id: args.id }));
        }
      },
    ),
  );
}
