/**
 * `upload_photo`: how the studio app gets a photo the user dropped into it to the service. A host
 * in a browser cannot hand this server a local path, so the app sends the (already downscaled)
 * bytes as base64; they go to the upload route like an `image_path` upload. Hidden from the model.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ACCEPTED_IMAGE_TYPES, sniffImageType } from '@room-restyler/core/internal';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { errorResult } from '../results/error-result.js';
import { toolErrorSchema } from '../results/tool-error.js';
import type { Registry } from '../surface/registry.js';
import { checkedArguments } from '../surface/tool-arguments.js';
import { MAX_UPLOAD_BYTES, uploadImage } from '../uploads/upload.js';
import { InputError } from '../user-errors.js';

const TITLE = 'Upload a photo from the studio app';
/** Base64 of the upload limit: 4 characters per 3 bytes. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

export const uploadPhotoOutputSchema = z.object({
  url: z
    .string()
    .optional()
    .describe('URL of the uploaded photo, for image_url of `enhance` or `restyle` (absent when the upload failed).'),
  error: toolErrorSchema.optional(),
});

export function registerUploadPhotoTool(server: McpServer, ctx: ServerContext, registry: Registry): RegisteredTool {
  return registry.tool('upload_photo', (name) =>
    server.registerTool(
      name,
      {
        title: TITLE,
        description:
          'Used by the Room Restyler app when the user drops a photo into it: uploads the photo (base64 JPEG, PNG or WebP, ' +
          'at most 15 MB) and returns its URL. Costs nothing.',
        inputSchema: {
          data: z
            .string()
            .min(1)
            .max(MAX_BASE64_LENGTH, { error: 'The photo is larger than the 15 MB upload limit.' })
            .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'data must be base64 without line breaks.' })
            .describe('The photo file, base64-encoded.'),
        },
        outputSchema: uploadPhotoOutputSchema,
        annotations: { title: TITLE, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
        _meta: { ui: { visibility: ['app'] } },
      },
      async (args, extra) => {
        try {
          const bytes = Buffer.from(checkedArguments(args).data, 'base64');
          const type = sniffImageType(bytes);
          if (!type || !ACCEPTED_IMAGE_TYPES.includes(type)) throw new InputError('The photo must be a JPEG, PNG or WebP image.');
          const url = await uploadImage(ctx, bytes, type, extra.signal);
          return { content: [{ type: 'text', text: `Uploaded the photo: ${url}` }], structuredContent: { url } };
        } catch (error) {
          return errorResult(error, {}, (facts) => ({ error: facts }));
        }
      },
    ),
  );
}
