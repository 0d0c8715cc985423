/** `me`: the account and its remaining credits. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { errorResult } from '../results/error-result.js';
import { toolErrorSchema } from '../results/tool-error.js';
import type { Registry } from '../surface/registry.js';
import { readAnnotations } from './annotations.js';

const TITLE = 'Account and credits';

// The account's fields are absent only when the call failed: then `error` says why.
export const accountOutputSchema = z.object({
  user_id: z.string().optional(),
  email: z.string().optional(),
  subscription: z.string().optional().describe('Name of the subscription plan.'),
  credits_remaining: z.number().int().optional().describe('Credits left this period; each generated image costs 1.'),
  error: toolErrorSchema.optional(),
});

export function registerMeTool(server: McpServer, ctx: ServerContext, registry: Registry): void {
  registry.tool('me', (name) =>
    server.registerTool(
      name,
      {
        title: TITLE,
        description:
          'Show the account behind the configured API key and its remaining credits. Use it before a batch of generations ' +
          '(each generated image costs 1 credit; credits reset monthly) or to check that the key works. Costs nothing.',
        outputSchema: accountOutputSchema,
        annotations: readAnnotations(TITLE),
      },
      async (extra) => {
        try {
          const account = await ctx.client().me({ signal: extra.signal });
          const output = {
            user_id: account.user_id,
            email: account.email,
            subscription: account.subscription,
            credits_remaining: account.credits_remaining,
          };
          const text = `Account ${output.email} (${output.subscription} plan): ${output.credits_remaining} credit${output.credits_remaining === 1 ? '' : 's'} remaining. Each generated image costs 1 credit.`;
          return { content: [{ type: 'text', text }], structuredContent: output };
        } catch (error) {
          return errorResult(error, {}, (facts) => ({ error: facts }));
        }
      },
    ),
  );
}
