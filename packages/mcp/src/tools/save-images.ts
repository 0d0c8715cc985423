/**
 * `save_images`: writes the images of a finished job to a local folder (never overwriting) and
 * returns `file://` links to them. Its own tool, so that `prediction` stays read-only; it writes
 * new files on every call, so it is neither read-only nor idempotent.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { predictionOutcome } from '@room-restyler/core';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { defaultSaveDir } from '../files/default-save-dir.js';
import { FILES_OFF_HELP, plannedDir, shownPath, writableDir } from '../files/file-access.js';
import { outputResourceUri } from '../resources/output-image.js';
import { downloadImage } from '../results/download.js';
import { errorResult } from '../results/error-result.js';
import { savedFileLinks, saveImages } from '../results/save.js';
import { toolErrorSchema } from '../results/tool-error.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments, idOf } from '../surface/tool-arguments.js';
import { InputError } from '../user-errors.js';
import { requestIdField, whereFilesAre } from './fields.js';

const TITLE = 'Save generated images';

export const saveOutputSchema = z.object({
  request_id: z.string(),
  saved: z
    .array(
      z.object({
        url: z.string(),
        path: z.string().describe('Where the image was written (over HTTP: relative to the shared folder).'),
        resource_uri: z.string().describe('The image as an MCP resource (resources/read returns its bytes).'),
        file_uri: z.string().optional().describe('A file:// link to it, when the server runs on your computer (stdio).'),
      }),
    )
    .describe('One entry per image written.'),
  error: toolErrorSchema.optional(),
});

export function registerSaveImagesTool(server: McpServer, ctx: ServerContext, registry: Registry): void {
  const fallback = defaultSaveDir(ctx.files);
  registry.tool('save_images', (name) =>
    server.registerTool(
      name,
      {
        title: TITLE,
        description:
          `Save the full-size images of a finished generation (by its request id) into a folder ${whereFilesAre(ctx.files, 'folder')}, under readable names ` +
          `that never overwrite existing files, and return where they went. Default folder: ${fallback === '.' ? 'the shared folder itself' : fallback}. Costs nothing.`,
        inputSchema: {
          id: requestIdField,
          folder: z
            .string()
            .min(1)
            .optional()
            .describe(`Folder ${whereFilesAre(ctx.files, 'folder')} to save into; created if missing. Omit for the default folder.`),
        },
        outputSchema: saveOutputSchema,
        annotations: { title: TITLE, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      },
      async (args, extra) => {
        try {
          const folder = checkedArguments(args).folder ?? fallback;
          if (folder === undefined) throw new InputError(FILES_OFF_HELP);
          // Out-of-reach folders are refused before anything is read; the folder is made only when there is something to save.
          await plannedDir(ctx.files, folder, 'folder');
          const prediction = await ctx.client().getPrediction(args.id, { signal: extra.signal });
          if (predictionOutcome(prediction) !== 'succeeded')
            throw new InputError(
              `Job ${args.id} has no images to save (status ${prediction.status}). Wait for it with \`prediction\` first.`,
            );
          const urls = prediction.output ?? [];
          const images = await Promise.all(urls.map((url) => downloadImage(ctx.fetch, url, extra.signal)));
          const paths = await saveImages(await writableDir(ctx.files, folder, 'folder'), ctx.jobs.fileStem(args.id), images);
          const shown = await Promise.all(paths.map((path) => shownPath(ctx.files, path)));
          // file:// links point into the caller's own computer only on stdio.
          const links = ctx.files === 'anywhere' ? savedFileLinks(paths) : [];
          const saved = shown.map((path, i) => ({
            url: urls[i] ?? '',
            path,
            resource_uri: outputResourceUri(args.id, i + 1),
            ...(links[i] ? { file_uri: links[i].uri } : {}),
          }));
          const text = [
            `Saved ${saved.length} image${saved.length === 1 ? '' : 's'} of job ${args.id}:`,
            ...shown.map((p) => `- ${p}`),
          ].join('\n');
          return { content: [{ type: 'text', text }, ...links], structuredContent: { request_id: args.id, saved } };
        } catch (error) {
          return errorResult(error, { lookingFor: 'prediction' }, (facts) => ({ request_id: idOf(args), saved: [], error: facts }));
        }
      },
    ),
  );
}
