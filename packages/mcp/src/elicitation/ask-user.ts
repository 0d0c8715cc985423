/**
 * Questions to the person at the client (elicitation, form mode, protocol 2025-11-25), only for
 * clients that declared the capability; others are never asked and keep the tools' plain behaviour.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolResult, type ElicitRequestFormParams, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorContent } from '../results/error-result.js';
import { jobErrorContent } from '../results/job-output.js';
import type { ToolExtra } from '../tools/progress.js';

/** A person answers: give them time, but not forever. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

export type Question = Pick<ElicitRequestFormParams, 'message' | 'requestedSchema'>;

export function canAsk(server: Server): boolean {
  return server.getClientCapabilities()?.elicitation?.form !== undefined;
}

/** The answer's fields when the user accepted; `undefined` when they declined, dismissed or did not answer in time. */
export async function askUser(server: Server, extra: ToolExtra, question: Question): Promise<Record<string, unknown> | undefined> {
  try {
    // Sent on the call's own stream (relatedRequestId), so it reaches the client over HTTP too.
    const answer = await server.elicitInput(
      { mode: 'form', ...question },
      { relatedRequestId: extra.requestId, signal: extra.signal, timeout: ANSWER_TIMEOUT_MS },
    );
    return answer.action === 'accept' ? (answer.content ?? {}) : undefined;
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return undefined;
    throw error;
  }
}

/** What a generation tool returns when the user said no: nothing started, nothing charged (in the tool's output shape). */
export function notStarted(reason: string, content: ErrorContent = jobErrorContent): CallToolResult {
  const message = `Not started: ${reason} No job was started and nothing was charged.`;
  // Not retryable: calling again without the user's answer would ask them again, not start.
  const error = { code: 'not_confirmed', message, retryable: false };
  return { isError: true, content: [{ type: 'text', text: message }], structuredContent: content(error) };
}
