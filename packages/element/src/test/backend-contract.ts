/**
 * Imported by the test files that use the test backends (test/backends.mjs): after each test, the
 * test fails when a fake service behind the real proxy answered off the OpenAPI contract.
 */
afterEach(async () => {
  const violations = (await (await fetch('/backend/__violations')).json()) as string[];
  if (violations.length) throw new Error(`the fake service answered off the contract:\n${violations.join('\n')}`);
});
