/**
 * The service's spec says only what the service documents (issue 26, item 5). Every constraint in
 * openapi/room-api.yaml — a pattern, a bound, a format, an enum, a closed object — names its source
 * in `x-docs` (a page of docs.bright-shot.com or a section of the service document), or says what
 * it is instead: `x-kit-rule: true` (the kit's own rule on what it sends) or `x-undocumented: true`
 * (a behaviour the kit handles defensively). The kit's rules on what a user may ask for belong in
 * the kit's own schemas (openapi/proxy-api.yaml, core's input schemas), where no test reads them as
 * the service's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from './workspace.js';

/** Keywords that restrict a value, with the values that restrict (`additionalProperties: {}` allows anything). */
const CONSTRAINTS: Record<string, (value: unknown) => boolean> = {
  pattern: (value) => typeof value === 'string',
  format: (value) => typeof value === 'string',
  enum: Array.isArray,
  const: (value) => typeof value !== 'object' || value === null,
  additionalProperties: (value) => value === false,
  unevaluatedProperties: (value) => value === false,
  uniqueItems: (value) => value === true,
  ...Object.fromEntries(
    [
      'minLength',
      'maxLength',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
      'minItems',
      'maxItems',
      'minProperties',
      'maxProperties',
      'minContains',
      'maxContains',
    ].map((keyword) => [keyword, (value: unknown) => typeof value === 'number']),
  ),
};

/** A docs page (`https://docs.bright-shot.com/…`) or a section of the service document (`service-interface §4.2`), then an optional note. */
const CITATION = /^(https:\/\/docs\.bright-shot\.com\/\S+|service-interface §\d+(\.\d+)?(, §\d+(\.\d+)?)*)( \(.+\))?$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a schema object's source is known, or undefined when it is not. */
function marker(node: Record<string, unknown>): string | undefined {
  if (node['x-kit-rule'] === true) return 'kit rule';
  if (node['x-undocumented'] === true) return 'undocumented';
  const citations = citationsOf(node);
  return citations.length > 0 && citations.every((citation) => typeof citation === 'string' && CITATION.test(citation))
    ? 'docs'
    : undefined;
}

/** Calls `visit` with every object of a parsed spec and its JSON pointer. */
function eachObject(node: unknown, visit: (object: Record<string, unknown>, path: string) => void, path = '#'): void {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) eachObject(item, visit, `${path}/${i}`);
    return;
  }
  if (!isObject(node)) return;
  visit(node, path);
  for (const [key, value] of Object.entries(node)) eachObject(value, visit, `${path}/${key}`);
}

const citationsOf = (node: Record<string, unknown>): unknown[] => {
  const docs = node['x-docs'];
  return typeof docs === 'string' ? [docs] : Array.isArray(docs) ? docs : [];
};

/** Every constraint of a spec without a source, as `path: keyword`. */
function unsourcedConstraints(spec: unknown): string[] {
  const found: string[] = [];
  eachObject(spec, (node, path) => {
    const keywords = Object.entries(node).filter(([key, value]) => CONSTRAINTS[key]?.(value));
    if (keywords.length > 0 && marker(node) === undefined) found.push(...keywords.map(([key]) => `${path}: ${key}`));
  });
  return found;
}

/** The docs pages a spec cites. */
function citedPages(spec: unknown): string[] {
  const pages = new Set<string>();
  eachObject(spec, (node) => {
    for (const citation of citationsOf(node)) {
      const page = typeof citation === 'string' ? /^https:\/\/docs\.bright-shot\.com(\/\S+)/.exec(citation)?.[1] : undefined;
      if (page) pages.add(page);
    }
  });
  return [...pages].sort();
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const serviceSpec = parse(read('openapi/room-api.yaml')) as unknown;

describe('openapi/room-api.yaml says only what the service documents', () => {
  it('every constraint cites the docs, or is marked a kit rule or undocumented', () => {
    expect(unsourcedConstraints(serviceSpec)).toEqual([]);
  });

  it('the pages it cites are sources in docs/service-fidelity.md', () => {
    const fidelity = read('docs/service-fidelity.md');
    const pages = citedPages(serviceSpec);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !fidelity.includes(page))).toEqual([]);
  });

  it('the kit’s input rules are in the kit’s spec, not the service’s', () => {
    const proxy = parse(read('openapi/proxy-api.yaml')) as { components: { schemas: Record<string, Record<string, unknown>> } };
    const { ImageUrlInput, StyleInput, EnhanceInput, RestyleInput } = proxy.components.schemas;
    expect(ImageUrlInput).toMatchObject({ pattern: expect.any(String), maxLength: 2048 });
    expect(StyleInput).toMatchObject({ minLength: 1, maxLength: 64 });
    expect([EnhanceInput?.additionalProperties, RestyleInput?.additionalProperties]).toEqual([false, false]);
  });
});

describe('the check itself', () => {
  it('finds a constraint without a source, wherever it is', () => {
    const spec = {
      components: {
        parameters: { Key: { schema: { type: 'string', maxLength: 9 } } },
        schemas: {
          Url: { type: 'string', format: 'uri', pattern: '^https://' },
          Closed: { type: 'object', additionalProperties: false, properties: { pattern: { type: 'string' } } },
          Open: { type: 'object', additionalProperties: {} },
          Cited: { type: 'string', format: 'uri', 'x-docs': ['https://docs.bright-shot.com/api/image-generation/enhance (Format uri)'] },
          Kit: { type: 'string', maxLength: 64, 'x-kit-rule': true },
          Defensive: { type: 'string', enum: ['failed'], 'x-undocumented': true },
          Vague: { type: 'integer', minimum: 0, 'x-docs': 'the docs say so' },
          NotTrue: { type: 'integer', maximum: 5, 'x-kit-rule': 'yes' },
        },
      },
    };
    expect(unsourcedConstraints(spec)).toEqual([
      '#/components/parameters/Key/schema: maxLength',
      '#/components/schemas/Url: format',
      '#/components/schemas/Url: pattern',
      '#/components/schemas/Closed: additionalProperties',
      '#/components/schemas/Vague: minimum',
      '#/components/schemas/NotTrue: maximum',
    ]);
  });
});
