// Tests run in the machine's Chromium (found by the test kit: CHROME_PATH or the usual places).
// The dev server also hosts the test backends (/backend/<scenario>-…: the real key proxy in front
// of the kit's fake service), a `screenshot` command that saves PNGs of each state and a `media`
// command that emulates media features (forced colours, colour scheme, reduced motion).
import { CHROMIUM_ARGS, chromiumPath } from '@room-restyler/test-kit/system';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { testBackends } from './test/backends.mjs';
import { pageCommands } from './test/page-commands.mjs';

const backends = testBackends();
/** A Chromium of its own: its one page is the visible, focused one (a second page in one browser gets neither, nor animation frames). */
const chromium = () => chromeLauncher({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } });
/** The accent contrast and axe sweep takes about as long as all the other files: it runs in a second Chromium beside them. */
const OWN_BROWSER = 'src/components/room-restyler/room-restyler.theme.test.ts';

export default {
  files: ['src/**/*.test.ts', `!${OWN_BROWSER}`],
  groups: [{ name: 'theme', files: [OWN_BROWSER], browsers: [chromium()] }],
  nodeResolve: true,
  concurrency: 1,
  // Safety nets only (tests wait for events): a busy machine makes every step slow.
  testsFinishTimeout: 900_000,
  testFramework: { config: { timeout: 120_000 } },
  // Lit's development build announces itself once per page ("Lit is in dev mode"): expected here,
  // so it is dropped. Its other dev-mode warnings (a real problem in our code) still show.
  filterBrowserLogs: ({ args }) => !(typeof args[0] === 'string' && args[0].startsWith('Lit is in dev mode.')),
  browsers: [chromium()],
  middleware: [backends.middleware],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.test.json', import.meta.url).pathname }),
    // Each run screenshots every state into test-output/ (ignored by git), so a test run leaves the
    // tree clean; UPDATE_SCREENSHOTS=1 refreshes the committed gallery in screenshots/.
    pageCommands(new URL(process.env.UPDATE_SCREENSHOTS ? './screenshots/' : './test-output/screenshots/', import.meta.url), {
      palette: Boolean(process.env.UPDATE_SCREENSHOTS),
    }),
    { name: 'test-backends', serverStop: () => backends.close() },
    // The accessibility tree as a screen reader gets it (`a11ySnapshot`): names, roles, states.
    a11ySnapshotPlugin(),
  ],
};
