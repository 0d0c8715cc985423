// custom-elements.json from the JSDoc of the public element (@attr, @fires, @csspart, @cssprop, @cssstate).
export default {
  globs: ['src/components/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
};
