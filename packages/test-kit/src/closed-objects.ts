/**
 * A copy of a spec whose object schemas refuse properties they do not list — for validating what
 * the kit's fakes and the simulator send, never for the spec itself (whose objects stay open, so
 * a client ignores a field the service adds). Without it, a response that still says `output`
 * after the spec renamed it to `outputs` passes, because every property is optional to ajv.
 *
 * `unevaluatedProperties: false` goes where a value starts (a body, a property's value, an array's
 * items), never into a branch of allOf/anyOf/oneOf or the target of a `$ref`: there it would refuse
 * the properties its siblings declare. At the value's root it sees every property evaluated
 * through its `$ref`s and compositions (JSON Schema 2020-12). A schema that already says how it
 * treats other properties (`additionalProperties`, `patternProperties`, `unevaluatedProperties`,
 * anywhere in its composition) and a free-form object (no `properties`) are left as they are.
 */

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The segments of a local `$ref` such as `#/components/schemas/Account`; undefined for any other reference. */
export function refPath(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The node at a path of keys and array indexes; undefined when there is none. */
export const lookup = (document: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Json)[key] : undefined), document);

const resolveRef = (document: unknown, ref: string): unknown => {
  const path = refPath(ref);
  return path && lookup(document, path);
};

/** Keywords whose subschemas describe a value of their own (a property, an item). */
const VALUE_MAPS = ['properties', 'patternProperties'] as const;
const VALUE_SCHEMAS = ['items', 'additionalProperties', 'unevaluatedProperties', 'contains', 'unevaluatedItems'] as const;
/** Keywords whose subschemas describe the same value as their parent. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SCHEMAS = ['not', 'if', 'then', 'else'] as const;
const IN_PLACE_MAPS = ['dependentSchemas', '$defs'] as const;
/** Any of these, anywhere in a composition, is the spec's own decision about other properties. */
const EXPLICIT = ['additionalProperties', 'unevaluatedProperties', 'patternProperties'] as const;

export function closeObjectSchemas<T>(spec: T): T {
  const toClose: string[][] = [];

  /** What a schema says about properties, through its `$ref`s and in-place compositions. */
  const shape = (node: unknown, seen: Set<unknown>): { lists: boolean; explicit: boolean } => {
    if (!isObject(node) || seen.has(node)) return { lists: false, explicit: false };
    seen.add(node);
    const parts = [
      ...(typeof node.$ref === 'string' ? [resolveRef(spec, node.$ref)] : []),
      ...IN_PLACE_LISTS.flatMap((key) => (Array.isArray(node[key]) ? node[key] : [])),
      node.then,
      node.else,
      ...(isObject(node.dependentSchemas) ? Object.values(node.dependentSchemas) : []),
    ].map((part) => shape(part, seen));
    return {
      lists: isObject(node.properties) || parts.some((p) => p.lists),
      explicit: EXPLICIT.some((key) => key in node) || parts.some((p) => p.explicit),
    };
  };

  const visit = (node: unknown, path: string[], isValue: boolean): void => {
    if (!isObject(node)) return;
    if (isValue) {
      const { lists, explicit } = shape(node, new Set());
      if (lists && !explicit) toClose.push(path);
    }
    const each = (key: string, value: unknown, childIsValue: boolean) => {
      if (isObject(value)) for (const [name, child] of Object.entries(value)) visit(child, [...path, key, name], childIsValue);
    };
    for (const key of VALUE_MAPS) each(key, node[key], true);
    for (const key of IN_PLACE_MAPS) each(key, node[key], false);
    for (const key of VALUE_SCHEMAS) visit(node[key], [...path, key], true);
    for (const key of IN_PLACE_SCHEMAS) visit(node[key], [...path, key], false);
    for (const key of [...IN_PLACE_LISTS, 'prefixItems'] as const) {
      const list = node[key];
      if (Array.isArray(list)) for (const [i, child] of list.entries()) visit(child, [...path, key, String(i)], key === 'prefixItems');
    }
  };

  /** Request and response bodies: `content.<media type>.schema` is where a value starts. */
  const visitContent = (holder: unknown, path: string[]): void => {
    if (!isObject(holder) || !isObject(holder.content)) return;
    for (const [type, media] of Object.entries(holder.content))
      if (isObject(media)) visit(media.schema, [...path, 'content', type, 'schema'], true);
  };

  const root: Json = isObject(spec) ? spec : {};
  for (const [template, item] of Object.entries(isObject(root.paths) ? root.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      visitContent(operation.requestBody, ['paths', template, method, 'requestBody']);
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) visitContent(response, ['paths', template, method, 'responses', status]);
    }
  }
  const components = isObject(root.components) ? root.components : {};
  for (const kind of ['responses', 'requestBodies'] as const) {
    const holders = components[kind];
    if (isObject(holders)) for (const [name, holder] of Object.entries(holders)) visitContent(holder, ['components', kind, name]);
  }
  if (isObject(components.schemas))
    for (const [name, schema] of Object.entries(components.schemas)) visit(schema, ['components', 'schemas', name], false);

  const copy = structuredClone(spec);
  for (const path of toClose) {
    const node = lookup(copy, path);
    if (isObject(node)) node.unevaluatedProperties = false;
  }
  return copy;
}
