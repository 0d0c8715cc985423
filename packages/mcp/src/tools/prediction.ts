/** `prediction`: check on (and wait for) a job started earlier. Free: reading spends no credit. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { GenerationFailedError } from '@room-restyler/core';
import type { ServerContext } from '../context.js';
import { errorResult } from '../results/error-result.js';
import { failedJobResult } from '../results/failed-job.js';
import { jobErrorContent, jobOutputSchema } from '../results/job-output.js';
import { presentJob } from '../results/job-result.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments, idOf } from '../surface/tool-arguments.js';
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
          'Check on a generation started earlier (by `enhance`, `restyle`, `edit_photo`, `edit_objects` or `create_room`), and wait for it up to wait_seconds (0 = just look). ' +
          'Use it when a generation result said the job was still running. Costs nothing: it never starts a new generation, ' +
          `and writes nothing${ctx.files === 'off' ? '' : ' (to save the images, use `save_images`)'}.`,
        inputSchema: { id: requestIdField, ...jobDeliveryFields },
        outputSchema: jobOutputSchema,
        annotations: readAnnotations(TITLE),
      },
      async (args, extra) => {
        // A job of this session: its progress goes on from its real age, on the schedule learned for its operation.
        const known = ctx.jobs.get(args.id);
        const startedAt = known ? Date.parse(known.started_at) : Date.now();
        try {
          checkedArguments(args);
          const report = progressReporter(extra, ctx.log);
          const outcome = await followJob(ctx, {
            requestId: args.id,
            startedAt,
            operation: known?.tool,
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
            fileStem: ctx.jobs.fileStem(args.id),
            signal: extra.signal,
            report,
          });
        } catch (error) {
          if (error instanceof GenerationFailedError)
            return failedJobResult(ctx, error, { requestId: args.id, elapsedMs: Date.now() - startedAt, signal: extra.signal });
          // Reading is safe to repeat: the id is echoed, but not as a job this call started.
          return errorResult(error, { lookingFor: 'prediction' }, (facts) => jobErrorContent({ ...facts, request_id: idOf(args) }));
        }
      },
    ),
  );
}
