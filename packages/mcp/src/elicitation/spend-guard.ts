/**
 * Asks before a session spends more than a set number of credits (clients with elicitation only).
 * A generation is counted at its operation's cost once the service accepts it (the service makes one
 * image per generation); a yes covers that generation and the next `limit` credits, then the server asks again.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorContent } from '../results/error-result.js';
import type { ToolExtra } from '../tools/progress.js';
import { askUser, canAsk, notStarted } from './ask-user.js';

/** More than two images in one session is worth a question; `Infinity` never asks. */
export const DEFAULT_CONFIRM_CREDITS_ABOVE = 2;

export class SpendGuard {
  readonly #limit: number;
  #spent = 0;
  #approvedUpTo: number;

  constructor(limit: number) {
    this.#limit = limit;
    this.#approvedUpTo = limit;
  }

  /** The service accepted a job of this session, costing `credits`. */
  recordJob(credits: number): void {
    this.#spent += credits;
  }

  /**
   * `undefined` to go ahead with work that costs `credits`, or the result to return when the user did not confirm.
   * `ask` words the question (default: one generation's) and shapes the refusal as the tool's output.
   */
  async confirm(
    server: Server,
    extra: ToolExtra,
    credits: number,
    ask: { message?: string; content?: ErrorContent } = {},
  ): Promise<CallToolResult | undefined> {
    const after = this.#spent + credits;
    if (after <= this.#approvedUpTo || !canAsk(server)) return undefined;
    const content = await askUser(server, extra, {
      message:
        ask.message ??
        `This generation costs ${creditsWord(credits)}. This session has spent ${creditsWord(this.#spent)} so far; ` +
          `going on makes ${after}, more than the ${this.#limit} this server spends without asking. Go ahead?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: `Spend ${creditsWord(credits)}`, default: true } },
        required: ['confirm'],
      },
    });
    const spending = ask.message === undefined ? 'another credit' : creditsWord(credits);
    if (content?.confirm !== true) return notStarted(`the user did not confirm spending ${spending}.`, ask.content);
    this.#approvedUpTo = after + this.#limit;
    return undefined;
  }
}

/** `1 credit`, `2 credits`. */
/** `n` and the English `word`, plural unless n is 1 ("3 photos"). */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const creditsWord = (credits: number) => plural(credits, 'credit');
