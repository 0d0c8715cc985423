/**
 * The tool schemas in the dialect the client's model provider accepts, chosen from the client's
 * name at initialize. One set cannot serve all: OpenAI's strict function calling requires
 * `additionalProperties: false` on every object and every property required, while Gemini's
 * function declarations (a subset of OpenAPI 3.0's Schema) refuse `additionalProperties`,
 * `$schema` and `examples` as unknown fields. Every dialect is valid JSON Schema 2020-12.
 * - `json-schema` (default): the schemas as written, with `$schema`, defaults and examples.
 * - `openai-strict`: inputs as strict mode wants them; an optional argument is required but may be
 *   null, and the server takes null as absent (see `toolArguments` in tool-arguments.ts).
 * - `gemini`: inputs and outputs (a declaration's `response`) within Gemini's Schema fields.
 */
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';

export const SCHEMA_DIALECTS = ['json-schema', 'openai-strict', 'gemini'] as const;
export type SchemaDialect = (typeof SCHEMA_DIALECTS)[number];

type Schema = { [keyword: string]: unknown };

/** Clients known to hand tools to OpenAI's strict mode (ChatGPT's `openai-mcp`, Codex) or to Gemini (Gemini CLI). */
export function dialectFor(client: Implementation | undefined): SchemaDialect {
  const name = client?.name ?? '';
  if (/openai|chatgpt|codex/i.test(name)) return 'openai-strict';
  if (/gemini/i.test(name)) return 'gemini';
  return 'json-schema';
}

export function inputSchemaIn(dialect: SchemaDialect, schema: Schema): Schema {
  const rewrite = REWRITES[dialect];
  return mapSchema(schema, (node) => rewrite(withoutIntegerNoise(node)));
}

/** OpenAI's function calling takes no output schema: strict mode concerns the arguments only. */
export function outputSchemaIn(dialect: SchemaDialect, schema: Schema): Schema {
  return inputSchemaIn(dialect === 'openai-strict' ? 'json-schema' : dialect, schema);
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `rewrite` applied to every subschema (properties, items, anyOf branches) and then to the schema itself. */
function mapSchema(schema: Schema, rewrite: (schema: Schema) => Schema): Schema {
  const each = (value: unknown) => (isSchema(value) ? mapSchema(value, rewrite) : value);
  const mapped: Schema = { ...schema };
  if (isSchema(mapped.properties))
    mapped.properties = Object.fromEntries(Object.entries(mapped.properties).map(([name, value]) => [name, each(value)]));
  if (isSchema(mapped.items)) mapped.items = each(mapped.items);
  if (Array.isArray(mapped.anyOf)) mapped.anyOf = mapped.anyOf.map(each);
  return rewrite(mapped);
}

function withoutKeys(schema: Schema, keys: readonly string[]): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

/** zod writes the safe-integer range as the bounds of every `int()`: no bound at all, said noisily. */
function withoutIntegerNoise(schema: Schema): Schema {
  const noise = (key: string) => (key === 'minimum' || key === 'maximum') && Math.abs(Number(schema[key])) === Number.MAX_SAFE_INTEGER;
  return withoutKeys(schema, Object.keys(schema).filter(noise));
}

/** Keywords outside strict mode's subset go; every object closes, and its optional properties become required-or-null. */
function strictObject(schema: Schema): Schema {
  const bare = withoutKeys(schema, ['$schema', 'default', 'examples']);
  if (!isSchema(bare.properties)) return bare;
  const required = new Set(Array.isArray(bare.required) ? bare.required : []);
  const properties = Object.fromEntries(
    Object.entries(bare.properties).map(([name, property]) => [
      name,
      required.has(name) || !isSchema(property) ? property : orNull(property),
    ]),
  );
  return { ...bare, properties, required: Object.keys(properties), additionalProperties: false };
}

/** An optional property as strict mode can say it: required, and null when not given. */
function orNull({ description, ...property }: Schema): Schema {
  return { anyOf: [property, { type: 'null' }], ...(description === undefined ? {} : { description }) };
}

/** Gemini's Schema has no field for these: an unknown field fails the whole request. */
function geminiSchema(schema: Schema): Schema {
  return withoutKeys(schema, ['$schema', 'examples', 'additionalProperties']);
}

const REWRITES: Record<SchemaDialect, (schema: Schema) => Schema> = {
  'json-schema': (schema) => schema,
  'openai-strict': strictObject,
  gemini: geminiSchema,
};
