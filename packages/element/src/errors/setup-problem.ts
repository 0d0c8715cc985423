/**
 * For the site's developer (the console), a failure only the site's set-up can fix: what answered at `endpoint`.
 * Loaded only then: no visitor of a site set up right downloads it.
 */
export const setupProblem = (error: unknown, endpoint: string): string =>
  `<room-restyler>: ${endpoint} answered ${error}${(error as { body?: { code?: unknown } }).body?.code ? '' : ', not as the key proxy: set endpoint to where it is mounted'}`;
