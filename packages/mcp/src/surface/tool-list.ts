/**
 * `tools/list` as the current protocol wants it: schemas in JSON Schema 2020-12 (the SDK 1.32
 * emits draft-07 and offers no option), in the dialect of the client's model provider
 * (schema-dialects.ts), and an icon per tool (its registerTool takes none). It replaces the SDK's
 * handler (through the public `setRequestHandler`) with one that lists the tools of the registry,
 * from the same zod schemas, converted by the SDK's own converter with the 2020-12 target.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { type Icon, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { dialectFor, inputSchemaIn, outputSchemaIn, type SchemaDialect } from './schema-dialects.js';
import { listedSchema } from './tool-arguments.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
/** A tool without arguments takes an empty object, and nothing else. */
const NO_ARGUMENTS: Tool['inputSchema'] = { $schema: DIALECT, type: 'object', properties: {}, additionalProperties: false };

/** Call after the first tool is registered: the SDK installs its own handler then, and refuses one set before. */
export function listToolsAs2020(
  server: McpServer,
  registered: ReadonlyMap<string, RegisteredTool>,
  icons: Icon[],
  fixedDialect: SchemaDialect | undefined,
): void {
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    const dialect = fixedDialect ?? dialectFor(server.server.getClientVersion());
    return {
      tools: [...registered]
        .filter(([, tool]) => tool.enabled)
        .map(([name, tool]): Tool => {
          const input = tool.inputSchema && normalizeObjectSchema(listedSchema(tool.inputSchema));
          const output = normalizeObjectSchema(tool.outputSchema);
          return {
            name,
            title: tool.title,
            description: tool.description,
            inputSchema: inputSchemaIn(dialect, input ? convert(input, 'input') : NO_ARGUMENTS) as Tool['inputSchema'],
            ...(output ? { outputSchema: outputSchemaIn(dialect, convert(output, 'output')) as Tool['outputSchema'] } : {}),
            annotations: tool.annotations,
            execution: tool.execution,
            icons,
            _meta: tool._meta,
          };
        }),
    };
  });
}

const convert = (schema: NonNullable<ReturnType<typeof normalizeObjectSchema>>, pipeStrategy: 'input' | 'output') =>
  toJsonSchemaCompat(schema, { target: 'draft-2020-12', strictUnions: true, pipeStrategy });
