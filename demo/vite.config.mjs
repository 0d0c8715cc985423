// `pnpm --filter @room-restyler/demo build`: a static build of the listing page (dist/).
export default { build: { outDir: 'dist' } };
