/**
 * The schema the SDK checks a tool's arguments with, wrapped so that no call is refused before its
 * tool runs: null-valued arguments are left out (strict clients send every argument, null for "not
 * given"), and arguments that do not match reach the handler as what the schema found wrong (under a
 * symbol key, which survives the spreads that adjust arguments on the way). The handler
 * turns that into its own error result — with the structured content its output schema promises —
 * where the SDK would answer a bare text.
 */
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { InputError } from '../user-errors.js';

const PROBLEMS = Symbol('what does not match the tool schema');

export function toolArguments(schema: AnySchema): AnySchema {
  if (!(schema instanceof $ZodType) || schema instanceof z.ZodCatch) return schema;
  return z
    .preprocess(
      (args) =>
        typeof args === 'object' && args !== null && !Array.isArray(args)
          ? Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null))
          : args,
      schema,
    )
    .catch(({ error }: { error: z.ZodError }) => ({
      [PROBLEMS]: error.issues.map(({ path, message }) => `${path.join('.') || 'arguments'}: ${message}`).join('; '),
    }));
}

/** The object schema behind `toolArguments`, which is what the client is shown. */
export function listedSchema(schema: AnySchema): AnySchema {
  const inner = schema instanceof z.ZodCatch ? schema.unwrap() : schema;
  return inner instanceof z.ZodPipe ? inner.out : inner;
}

/** The job id a call was about, for its error's structured content (empty when the arguments did not match). */
export function idOf(args: { id: string }): string {
  return typeof args.id === 'string' ? args.id : '';
}

/** A handler's arguments as its schema describes them; throws the schema's complaint (nothing is started) when they do not match. */
export function checkedArguments<T extends object>(args: T): T {
  if (PROBLEMS in args)
    throw new InputError(
      `The arguments do not match this tool's schema: ${String(args[PROBLEMS])}. Nothing was started; fix them and call again.`,
    );
  return args;
}
