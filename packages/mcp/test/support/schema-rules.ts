/**
 * What two model providers accept as a tool's schema, written from their published rules; each
 * returns the problems it finds (none: accepted).
 */

type Schema = { [keyword: string]: unknown };
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The subschemas a check descends into, with where they are. */
function children(schema: Schema, at: string): [Schema, string][] {
  const named = (group: string, values: unknown) =>
    Object.entries(isSchema(values) || Array.isArray(values) ? values : {}).map(([key, value]): [unknown, string] => [
      value,
      `${at}.${group}.${key}`,
    ]);
  const all = [
    ...named('properties', schema.properties),
    ...named('anyOf', schema.anyOf),
    ...named('$defs', schema.$defs),
    [schema.items, `${at}.items`],
  ];
  return all.filter((entry): entry is [Schema, string] => isSchema(entry[0]));
}

/**
 * OpenAI Structured Outputs, which strict function calling uses for `parameters`
 * (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * > Structured Outputs supports a subset of the JSON Schema language.
 * > Supported types: String, Number, Boolean, Integer, Object, Array, Enum, anyOf
 * > Supported string properties: pattern, format (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid)
 * > Supported number properties: multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum
 * > Supported array properties: minItems, maxItems
 * > Root objects must not be anyOf and must be an object
 * > To use Structured Outputs, all fields or function parameters must be specified as required.
 * > it is possible to emulate an optional parameter by using a union type with null.
 * > A schema may have up to 5000 object properties total, with up to 10 levels of nesting.
 * > A schema may have up to 1000 enum values across all enum properties.
 * > additionalProperties: false must always be set in objects
 * > Some type-specific keywords are not yet supported — Composition: allOf, not, dependentRequired,
 * > dependentSchemas, if, then, else. For fine-tuned models, we additionally do not support […]
 * > For strings: minLength, maxLength, pattern, format
 * > Definitions are supported […] Recursive schemas are supported
 * So minLength and maxLength pass (refused for fine-tuned models only); any keyword outside the
 * documented subset (default, examples, $schema, oneOf, …) counts as a problem.
 */
export function openAiStrictProblems(root: Schema): string[] {
  const problems: string[] = [];
  const keywords = new Set([
    ...[
      'type',
      'description',
      'title',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'enum',
      'const',
      'anyOf',
      '$defs',
      '$ref',
    ],
    ...['pattern', 'format', 'minLength', 'maxLength', 'minItems', 'maxItems'],
    ...['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  ]);
  const types = ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'];
  const formats = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];
  if (root.type !== 'object' || 'anyOf' in root) problems.push('root: must be an object, not anyOf');
  let propertyCount = 0;
  let enumCount = 0;
  const visit = (schema: Schema, at: string, depth: number) => {
    if (depth > 10) problems.push(`${at}: deeper than 10 levels`);
    for (const keyword of Object.keys(schema)) if (!keywords.has(keyword)) problems.push(`${at}: ${keyword} is not supported`);
    for (const type of [schema.type].flat()) if (type !== undefined && !types.includes(String(type))) problems.push(`${at}: type ${type}`);
    if (schema.format !== undefined && !formats.includes(String(schema.format))) problems.push(`${at}: format ${schema.format}`);
    if (Array.isArray(schema.enum)) enumCount += schema.enum.length;
    if ([schema.type].flat().includes('object') || isSchema(schema.properties)) {
      const names = Object.keys(isSchema(schema.properties) ? schema.properties : {});
      propertyCount += names.length;
      if (schema.additionalProperties !== false) problems.push(`${at}: additionalProperties must be false`);
      const required = Array.isArray(schema.required) ? schema.required : [];
      for (const name of names) if (!required.includes(name)) problems.push(`${at}: ${name} is not required`);
    }
    for (const [child, where] of children(schema, at)) visit(child, where, depth + 1);
  };
  visit(root, 'root', 1);
  if (propertyCount > 5000) problems.push(`${propertyCount} object properties`);
  if (enumCount > 1000) problems.push(`${enumCount} enum values`);
  return problems;
}

/**
 * Gemini function declarations: `parameters` and `response` are a Schema, "a select subset of an
 * OpenAPI 3.0 schema object" (https://ai.google.dev/api/caching#Schema; the same fields in the
 * official SDK's types.Schema: https://googleapis.github.io/js-genai/release_docs/interfaces/types.Schema.html):
 * > anyOf, default, description, enum, example, format, items, maximum, maxItems, maxLength,
 * > maxProperties, minimum, minItems, minLength, minProperties, nullable, pattern, properties,
 * > propertyOrdering, required, title, type
 * `type` is one value of the Type enum (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL), and
 * the request is JSON for a protocol buffer, so any other field ($schema, examples,
 * additionalProperties, const, $ref, exclusiveMinimum, …) fails it as an unknown name. Enums are
 * strings; a STRING's format is `enum` or `date-time`.
 */
export function geminiProblems(root: Schema): string[] {
  const problems: string[] = [];
  const fields = new Set([
    ...['anyOf', 'default', 'description', 'enum', 'example', 'format', 'items', 'maximum', 'maxItems', 'maxLength', 'maxProperties'],
    ...['minimum', 'minItems', 'minLength', 'minProperties', 'nullable', 'pattern', 'properties', 'propertyOrdering', 'required'],
    ...['title', 'type'],
  ]);
  const types = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
  const visit = (schema: Schema, at: string) => {
    for (const field of Object.keys(schema)) if (!fields.has(field)) problems.push(`${at}: unknown name ${field}`);
    if (schema.type !== undefined && (typeof schema.type !== 'string' || !types.includes(schema.type.toLowerCase())))
      problems.push(`${at}: type ${JSON.stringify(schema.type)} is not one Type`);
    if (Array.isArray(schema.enum) && !schema.enum.every((value) => typeof value === 'string')) problems.push(`${at}: enum of non-strings`);
    if (schema.type === 'string' && schema.format !== undefined && schema.format !== 'enum' && schema.format !== 'date-time')
      problems.push(`${at}: format ${schema.format}`);
    const names = Object.keys(isSchema(schema.properties) ? schema.properties : {});
    for (const name of Array.isArray(schema.required) ? schema.required : [])
      if (!names.includes(name)) problems.push(`${at}: required ${name} is not a property`);
    for (const [child, where] of children(schema, at)) visit(child, where);
  };
  visit(root, 'root');
  return problems;
}
