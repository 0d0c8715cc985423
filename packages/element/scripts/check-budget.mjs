// Fails the test run when a bundle is over its size budget, or when zod slipped into it.
import { BUDGETS, measureBundles } from './bundles.mjs';

const bundles = await measureBundles();
let failed = false;
for (const [name, b] of Object.entries(bundles)) {
  const budget = BUDGETS[name];
  const over = b.gzip > budget;
  const zod = b.inputs.filter((i) => i.includes('/zod/'));
  console.error(
    `${name}: ${b.gzip} B min+gzip (budget ${budget} B)${b.lazy ? `, ${b.lazy} B more on first use` : ''}${over ? '  OVER BUDGET' : ''}${zod.length ? '  CONTAINS ZOD' : ''}`,
  );
  if (over || zod.length) failed = true;
}
if (failed) process.exit(1);
