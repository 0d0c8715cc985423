/** What a try of several styles and a batch read alike: a JSON object body, and an operation that takes a style. */
import { type GenerationOperation, isGenerationOperation } from '@room-restyler/core';
import { operationInputSchemas } from '@room-restyler/core/schemas';
import { ProxyHttpError } from '../http/responses.js';

/** A 400 naming the field, as a single start's. */
export const badField = (field: string, message: string) => new ProxyHttpError(400, 'bad_request', message, { extra: { field } });

/** The body's fields and its operation, one whose input has a `style` (`restyle`, `enhance`, …). */
export function styledBody(body: unknown): { operation: GenerationOperation; fields: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badField('operation', 'The body must be a JSON object');
  const { operation, ...fields } = body as Record<string, unknown>;
  if (!isGenerationOperation(operation) || !('style' in operationInputSchemas[operation].shape))
    throw badField('operation', 'operation must be an operation of the service that takes a style');
  return { operation, fields };
}
