import { describe, expect, it } from 'vitest';
import { closeObjectSchemas } from './closed-objects.js';

const item = { type: 'object', properties: { id: { type: 'string' } } };
const spec = {
  paths: {
    '/things': {
      get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/List' } } } } } },
    },
  },
  components: {
    schemas: {
      Item: item,
      List: { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } },
      Both: { allOf: [{ $ref: '#/components/schemas/Item' }, { properties: { more: { type: 'string' } } }] },
      Open: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: true },
      Map: { type: 'object' },
    },
  },
};

describe('closeObjectSchemas', () => {
  it('closes where a value starts, never a definition or a branch of a composition, and leaves its input alone', () => {
    const before = structuredClone(spec);
    const closed = closeObjectSchemas(spec);
    expect(spec).toEqual(before);
    expect(closed.paths['/things'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/List',
      unevaluatedProperties: false,
    });
    expect(closed.components.schemas.List.properties.items.items).toEqual({
      $ref: '#/components/schemas/Item',
      unevaluatedProperties: false,
    });
    expect(closed.components.schemas.Item).toEqual(item);
    expect(closed.components.schemas.Both).toEqual(spec.components.schemas.Both);
  });

  it('leaves objects the spec already opened or closed, and free-form ones', () => {
    const body = (schema: object) => ({
      paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema } } } } } },
      components: spec.components,
    });
    const schemaOf = (closed: ReturnType<typeof body>) => closed.paths['/x'].post.requestBody.content['application/json'].schema;
    expect(schemaOf(closeObjectSchemas(body({ $ref: '#/components/schemas/Open' })))).toEqual({ $ref: '#/components/schemas/Open' });
    expect(schemaOf(closeObjectSchemas(body({ $ref: '#/components/schemas/Map' })))).toEqual({ $ref: '#/components/schemas/Map' });
    expect(schemaOf(closeObjectSchemas(body({ $ref: '#/components/schemas/Both' })))).toEqual({
      $ref: '#/components/schemas/Both',
      unevaluatedProperties: false,
    });
  });
});
