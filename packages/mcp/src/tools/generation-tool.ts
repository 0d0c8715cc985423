/**
 * Registers a generation tool (`enhance`, `restyle`). Per call: ask the user for missing choices and
 * to confirm spending (clients with elicitation), then run the job — as an MCP Task when the client
 * asks for one, otherwise within wait_seconds with progress, as before.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ServerContext } from '../context.js';
import { askMissingChoices, type Choice, type Choices } from '../elicitation/missing-choices.js';
import { errorResult } from '../results/error-result.js';
import { jobErrorContent } from '../results/job-output.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments } from '../surface/tool-arguments.js';
import { type GenerationRun, generationTaskHandler } from '../tasks/generation-task.js';
import { type Generation, type GenerationArgs, runGeneration } from './generation.js';

export interface GenerationToolSpec<Args extends GenerationArgs & Choices, Body> {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: z.ZodType<Args>;
    outputSchema: AnySchema;
    annotations: ToolAnnotations;
  };
  /** Choices the job needs; the user is asked for the missing ones when the client can be asked. */
  choices(args: Args): readonly Choice[];
  generation(args: Args): Generation<Body>;
}

export function registerGenerationTool<Args extends GenerationArgs & Choices, Body>(
  server: McpServer,
  ctx: ServerContext,
  registry: Registry,
  spec: GenerationToolSpec<Args, Body>,
): RegisteredTool {
  const run: GenerationRun<Args> = async (given, extra, hooks) => {
    try {
      const args = checkedArguments(given);
      const asked = await askMissingChoices(server.server, extra, spec.choices(args), args, spec.config.title);
      if ('declined' in asked) return asked.declined;
      const declined = await ctx.spend.confirm(server.server, extra);
      if (declined) return declined;
      const chosen = { ...args, ...asked.answers };
      return await runGeneration(ctx, chosen, extra, spec.generation(chosen), {
        onStarted(requestId) {
          ctx.spend.recordJob();
          hooks.onStarted?.(requestId);
        },
      });
    } catch (error) {
      return errorResult(error, {}, jobErrorContent);
    }
  };
  // The SDK hands the handler the arguments as parsed by inputSchema, i.e. Args.
  const { tasks } = ctx;
  return registry.tool(spec.name, (name) =>
    tasks
      ? server.experimental.tasks.registerToolTask(
          name,
          { ...spec.config, execution: { taskSupport: 'optional' } },
          generationTaskHandler(tasks, run, ctx.log),
        )
      : server.registerTool(name, spec.config, (args, extra) => run(args as Args, extra, {})),
  );
}
