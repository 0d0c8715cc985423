/**
 * Registers a generation tool. Per call: ask the user for missing choices, refuse a body the
 * operation would refuse, ask to confirm spending (clients with elicitation), then run the job — as
 * an MCP Task when the client asks for one, otherwise within wait_seconds with progress.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { operationCredits } from '@room-restyler/core';
import type { WithOptionalUndefined } from '@room-restyler/core/internal';
import type { z } from 'zod';
import type { ServerContext } from '../context.js';
import { askMissingChoices, type Choice, type Choices } from '../elicitation/missing-choices.js';
import { errorResult } from '../results/error-result.js';
import { jobErrorContent } from '../results/job-output.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments } from '../surface/tool-arguments.js';
import { type GenerationRun, generationTaskHandler } from '../tasks/generation-task.js';
import { checkGeneration, type Generation, type GenerationArgs, runGeneration } from './generation.js';

/**
 * A tool's fields for its operation but the photo, held to the spec's request (a spec change breaks
 * the tool's compile); `Asked` are those the client may be asked for, still missing here.
 */
export type SpecFields<Request, Asked extends keyof Request = never> = WithOptionalUndefined<Omit<Request, 'image_url' | Asked>> & {
  [K in Asked]?: Request[K] | undefined;
};

export interface ToolConfig<Args> {
  title: string;
  description: string;
  inputSchema: z.ZodType<Args>;
  outputSchema: AnySchema;
  annotations: ToolAnnotations;
}

export interface GenerationToolSpec<Args extends GenerationArgs & Choices> {
  name: string;
  config: ToolConfig<Args>;
  /** Choices the job needs; the user is asked for the missing ones when the client can be asked. */
  choices(args: Args): readonly Choice[];
  generation(args: Args): Generation;
}

export function registerGenerationTool<Args extends GenerationArgs & Choices>(
  server: McpServer,
  ctx: ServerContext,
  registry: Registry,
  spec: GenerationToolSpec<Args>,
): RegisteredTool {
  const run: GenerationRun<Args> = async (given, extra, hooks) => {
    try {
      const args = checkedArguments(given);
      const asked = await askMissingChoices(server.server, extra, spec.choices(args), args, spec.config.title);
      if ('declined' in asked) return asked.declined;
      const chosen = { ...args, ...asked.answers };
      const generation = spec.generation(chosen);
      checkGeneration(ctx, chosen, generation);
      const credits = operationCredits[generation.operation];
      const declined = await ctx.spend.confirm(server.server, extra, credits);
      if (declined) return declined;
      return await runGeneration(ctx, chosen, extra, generation, {
        onStarted(requestId) {
          ctx.spend.recordJob(credits);
          hooks.onStarted?.(requestId);
        },
      });
    } catch (error) {
      return errorResult(error, {}, jobErrorContent);
    }
  };
  return registerRunTool(server, ctx, registry, spec.name, spec.config, run);
}

/** A tool that starts paid work: an optional MCP Task when the session has tasks, else a plain tool. */
export function registerRunTool<Args extends object>(
  server: McpServer,
  ctx: ServerContext,
  registry: Registry,
  toolName: string,
  config: ToolConfig<Args>,
  run: GenerationRun<Args>,
): RegisteredTool {
  // The SDK hands the handler the arguments as parsed by inputSchema, i.e. Args.
  const { tasks } = ctx;
  return registry.tool(toolName, (name) =>
    tasks
      ? server.experimental.tasks.registerToolTask(
          name,
          { ...config, execution: { taskSupport: 'optional' } },
          generationTaskHandler(tasks, run, ctx.log),
        )
      : server.registerTool(name, config, (args, extra) => run(args as Args, extra, {})),
  );
}
