/** `@room-restyler/core/cli`: the argument and environment rules shared by the kit's bins. */

export type { Check, CheckOutcome, CheckStatus } from './check.js';
export { fail, formatCheckLine, ok, runChecks, warn } from './check.js';
export type { FlagSpec, FlagSpecs, FlagValues } from './flags.js';
export { parseFlags } from './flags.js';
export type { KeyShareCheckSettings, OpenedLedger } from './key-share-check.js';
export { keyShareCheck } from './key-share-check.js';
export { listenFailure } from './listen-failure.js';
export type { CliProcess, CliSpec } from './run-cli.js';
export { runCli } from './run-cli.js';
export type { ServiceCheckSettings } from './service-checks.js';
export { serviceChecks } from './service-checks.js';
export { UsageError } from './usage-error.js';
export { readBaseUrl, readBoolean, readInteger, readNonEmpty, readPort, readRange, readRate, readUrl } from './values.js';
