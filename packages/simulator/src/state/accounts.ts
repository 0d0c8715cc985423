/**
 * Accounts and their credits. The balance is restored to the monthly allotment at the first
 * access in a new calendar month (UTC), read from the injected clock.
 */
import type { ResolvedAccount } from '../options.js';

export interface Account {
  readonly userId: string;
  readonly email: string;
  readonly subscription: string;
  readonly monthlyCredits: number;
  credits: number;
  /** `YYYY-MM` of the period the balance belongs to. */
  period: string;
}

/** What a debit returns, so a refund can go back to the period it was taken from. */
export type DebitResult = { ok: true; period: string } | { ok: false; creditsRemaining: number };

const periodOf = (date: Date) => date.toISOString().slice(0, 7);

export class AccountStore {
  readonly #byKey = new Map<string, Account>();
  readonly #now: () => Date;

  constructor(accounts: readonly ResolvedAccount[], now: () => Date) {
    this.#now = now;
    const period = periodOf(now());
    for (const a of accounts) {
      this.#byKey.set(a.apiKey, {
        userId: a.userId,
        email: a.email,
        subscription: a.subscription,
        monthlyCredits: a.credits,
        credits: a.credits,
        period,
      });
    }
  }

  /** The account of a key, with its balance brought to the current month; undefined for unknown keys. */
  find(apiKey: string): Account | undefined {
    const account = this.#byKey.get(apiKey);
    if (account) this.#roll(account);
    return account;
  }

  all(): Account[] {
    const accounts = [...this.#byKey.values()];
    for (const account of accounts) this.#roll(account);
    return accounts;
  }

  debit(account: Account, amount: number): DebitResult {
    this.#roll(account);
    if (account.credits < amount) return { ok: false, creditsRemaining: account.credits };
    account.credits -= amount;
    return { ok: true, period: account.period };
  }

  /** Gives credits back, unless the month has rolled over since (the reset already restored them). Returns what was refunded. */
  refund(account: Account, amount: number, period: string): number {
    this.#roll(account);
    if (account.period !== period) return 0;
    account.credits += amount;
    return amount;
  }

  /** Sets the balance of the current month (tests use it to reach 0 quickly). */
  setCredits(apiKey: string, credits: number): void {
    if (!Number.isSafeInteger(credits) || credits < 0) throw new RangeError('setCredits: credits must be a non-negative integer');
    const account = this.find(apiKey);
    if (!account) throw new RangeError('setCredits: no account has this key');
    account.credits = credits;
  }

  #roll(account: Account): void {
    const period = periodOf(this.#now());
    if (period === account.period) return;
    account.period = period;
    account.credits = account.monthlyCredits;
  }
}
