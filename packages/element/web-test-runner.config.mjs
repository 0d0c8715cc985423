// Tests run in the system Chromium. The dev server also hosts a fake proxy (/fake/...) for
// deterministic state tests, the real proxy + simulator (/room-api/...) for end-to-end paths, and a
// `screenshot` command that saves PNGs of each state into screenshots/.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { fakeProxy } from './test/fake-proxy.mjs';
import { realBackend } from './test/real-backend.mjs';
import { screenshotPlugin } from './test/screenshot-plugin.mjs';

const backend = await realBackend();

export default {
  files: ['src/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 20_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
  middleware: [fakeProxy(), backend.middleware],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.test.json', import.meta.url).pathname }),
    // Each run screenshots every state into test-output/ (ignored by git), so a test run leaves the
    // tree clean; UPDATE_SCREENSHOTS=1 refreshes the committed gallery in screenshots/.
    screenshotPlugin(new URL(process.env.UPDATE_SCREENSHOTS ? './screenshots/' : './test-output/screenshots/', import.meta.url)),
    { name: 'real-backend', serverStop: () => backend.close() },
  ],
};
