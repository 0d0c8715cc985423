// `executeServerCommand('screenshot', { name, selector?, width? })` from a test: saves a PNG of the
// element (at the given viewport width) so every state can be looked at.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export function screenshotPlugin(dir) {
  return {
    name: 'screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return undefined;
      const page = session.browser.getPage(session.id);
      const { name, selector = 'room-restyler', width = 800 } = payload;
      await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
      await new Promise((r) => setTimeout(r, 100)); // let layout settle after a viewport change
      await mkdir(dir, { recursive: true });
      const element = await page.$(selector);
      const path = fileURLToPath(new URL(`${name}.png`, dir));
      if (element) await element.screenshot({ path });
      else await page.screenshot({ path });
      return true;
    },
  };
}
