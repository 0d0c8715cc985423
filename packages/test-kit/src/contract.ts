/**
 * Checks HTTP responses (and request bodies) against openapi/room-api.yaml with ajv, so the
 * simulator, the fake service, the proxy and the spec cannot drift apart. Strict where drift hides:
 * a property the spec does not list is refused (see closed-objects.ts), and lengths count code
 * points, as JSON Schema does (ajv's `unicode` default). The service's spec says only what the
 * service documents; the kit's own input rules are in openapi/proxy-api.yaml, which
 * `validateKitRequestBody` applies.
 */
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { closeObjectSchemas, isObject, lookup, refPath } from './closed-objects.js';

/** Where the specs live in this repository, relative to src/ and dist/ alike. */
const SPECS = {
  /** The service, as its documentation describes it. */
  'room-api': new URL('../../../openapi/room-api.yaml', import.meta.url),
  /** The key proxy: the service's generation bodies under the kit's own rules. */
  'proxy-api': new URL('../../../openapi/proxy-api.yaml', import.meta.url),
} as const;
export type SpecName = keyof typeof SPECS;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface ResponseToValidate {
  method: string;
  /** Request path, e.g. `/api/v1/prediction/pred_x` (a query string is ignored). */
  path: string;
  status: number;
  body: unknown;
  /** When given, the Content-Type is checked against the spec's media type. */
  headers?: Headers | Record<string, string | undefined>;
}

export interface RequestToValidate {
  method: string;
  path: string;
  body: unknown;
}

export interface ContractValidator {
  /** Problems with a response; empty when it matches the spec. */
  validateResponse(response: ResponseToValidate): string[];
  /** Problems with a JSON request body; empty when it matches the spec. */
  validateRequestBody(request: RequestToValidate): string[];
}

type Json = Record<string, unknown>;

const pointerEscape = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module namespace.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const readSpec = (path: string | URL) => parse(readFileSync(path, 'utf8')) as Json;

/** The files a spec's `$ref`s point into (`./room-api.yaml#/…`), as URLs. */
function referencedFiles(node: unknown, base: URL, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedFiles(item, base, found);
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) found.add(new URL(value.split('#')[0] ?? '', base).href);
      else referencedFiles(value, base, found);
    }
  return found;
}

export function createContractValidator(options: { specPath?: string | URL } = {}): ContractValidator {
  // The file's URL is the schema's id, so a `$ref` into a sibling spec resolves as it does for the generator.
  const specUrl =
    typeof options.specPath === 'string' ? pathToFileURL(resolvePath(options.specPath)) : (options.specPath ?? SPECS['room-api']);
  const spec = readSpec(specUrl);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...closeObjectSchemas(spec), $id: specUrl.href });
  for (const file of referencedFiles(spec, specUrl)) ajv.addSchema({ ...closeObjectSchemas(readSpec(new URL(file))), $id: file });
  const compiled = new Map<string, ValidateFunction>();

  /** Follows a `$ref` to a component (responses, requestBodies), returning the object and its JSON pointer. */
  const resolve = (value: unknown, pointer: string): { value: unknown; pointer: string } => {
    const path = isObject(value) && typeof value.$ref === 'string' ? refPath(value.$ref) : undefined;
    if (!path) return { value, pointer };
    return resolve(lookup(spec, path), path.map((segment) => `/${pointerEscape(segment)}`).join(''));
  };

  const validatorAt = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${specUrl.href}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };

  const findOperation = (method: string, path: string): { operation: Json; pointer: string } | string => {
    const pathname = path.split('?')[0] ?? path;
    const m = method.toLowerCase();
    const paths = isObject(spec.paths) ? spec.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      if (!pattern.test(pathname) || !isObject(item)) continue;
      const operation = (METHODS as readonly string[]).includes(m) ? item[m] : undefined;
      if (!isObject(operation)) return `${method.toUpperCase()} ${template} is not an operation of the spec`;
      return { operation, pointer: `/paths/${pointerEscape(template)}/${m}` };
    }
    return `${method.toUpperCase()} ${pathname} matches no path of the spec`;
  };

  const schemaProblems = (validate: ValidateFunction, value: unknown, what: string): string[] =>
    validate(value)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${what}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
        );

  const jsonMediaType = (content: unknown): string | undefined =>
    isObject(content) ? Object.keys(content).find((type) => type === 'application/json' || type.endsWith('+json')) : undefined;

  return {
    validateResponse({ method, path, status, body, headers }) {
      const found = findOperation(method, path);
      if (typeof found === 'string') return [found];
      const responses = isObject(found.operation.responses) ? found.operation.responses : {};
      const key =
        String(status) in responses ? String(status) : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : 'default';
      if (!(key in responses)) return [`status ${status} is not documented for ${method.toUpperCase()} ${path}`];
      const response = resolve(responses[key], `${found.pointer}/responses/${pointerEscape(key)}`);
      if (!isObject(response.value)) return [`response ${key} of ${method.toUpperCase()} ${path} cannot be resolved`];
      const mediaType = jsonMediaType(response.value.content);
      if (!mediaType)
        return body === undefined || body === null || body === ''
          ? []
          : [`status ${status} of ${method.toUpperCase()} ${path} documents no body`];
      const problems: string[] = [];
      const contentType = headers instanceof Headers ? headers.get('content-type') : headers?.['content-type'];
      if (headers && !contentType?.toLowerCase().startsWith(mediaType))
        problems.push(`Content-Type is ${contentType ?? 'missing'}, expected ${mediaType}`);
      const pointer = `${response.pointer}/content/${pointerEscape(mediaType)}/schema`;
      return [...problems, ...schemaProblems(validatorAt(pointer), body, 'body')];
    },

    validateRequestBody({ method, path, body }) {
      const found = findOperation(method, path);
      if (typeof found === 'string') return [found];
      const requestBody = resolve(found.operation.requestBody, `${found.pointer}/requestBody`);
      if (!isObject(requestBody.value)) return [`${method.toUpperCase()} ${path} takes no request body`];
      const mediaType = jsonMediaType(requestBody.value.content);
      if (!mediaType) return [`${method.toUpperCase()} ${path} takes no JSON body`];
      return schemaProblems(validatorAt(`${requestBody.pointer}/content/${pointerEscape(mediaType)}/schema`), body, 'body');
    },
  };
}

const sharedSpecs = new Map<SpecName, Json>();

/**
 * A value of one of the repository's specs (the service's by default) at a JSON pointer, e.g.
 * `/components/schemas/StyleInput/maxLength` of `proxy-api`: lets a test hold a constant the
 * generated types cannot carry (a bound, a default) to the spec.
 */
export function specAt(pointer: string, spec: SpecName = 'room-api'): unknown {
  const document = sharedSpecs.get(spec) ?? readSpec(SPECS[spec]);
  sharedSpecs.set(spec, document);
  const path = refPath(`#${pointer}`);
  if (!path) throw new Error(`specAt: ${pointer} is not a JSON pointer`);
  return lookup(document, path);
}

const shared = new Map<SpecName, ContractValidator>();
const validatorOf = (spec: SpecName) => {
  const validator = shared.get(spec) ?? createContractValidator({ specPath: SPECS[spec] });
  shared.set(spec, validator);
  return validator;
};

/** Problems with a response against the service's spec; an empty list means it conforms. */
export const validateResponse = (response: ResponseToValidate): string[] => validatorOf('room-api').validateResponse(response);

/** Problems with a JSON request body against the service's spec (what it documents); an empty list means it conforms. */
export const validateRequestBody = (request: RequestToValidate): string[] => validatorOf('room-api').validateRequestBody(request);

/**
 * Problems with a JSON generation body against the kit's own rules (the proxy's spec: the service's
 * request under stricter bounds); an empty list means the kit accepts it.
 */
export const validateKitRequestBody = (request: RequestToValidate): string[] => validatorOf('proxy-api').validateRequestBody(request);
