/**
 * Every press lands where the visitor aimed (issue 27): a press anywhere on a choice — its centre,
 * its edges, its picture, its name — chooses it on the first press, with mouse, touch and pen, on a
 * desktop and on a phone, and neither the page nor the card row scrolls and focus stays on the choice.
 * The same for every button, select and the compare slider of the widget in every state: before a photo,
 * with one, generating, cancelled, failed, with results and in the full-screen view; and what the visitor
 * chose is what the start of the generation asks for (and charges).
 */
import { STYLE_IDS } from '@room-restyler/core/vocabulary';
import { SAFETY_TIMEOUT_MS } from '@room-restyler/test-kit/system';
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoInChromium, dropPhoto, VIEWPORTS } from '../support/demo.js';
import {
  aim,
  chargeThenFail,
  choose,
  chooseNextOption,
  drag,
  failStart,
  hold,
  type Input,
  installHelpers,
  MODES,
  nextStart,
  press,
  pressButton,
  pressEveryButton,
  pressEveryPoint,
  pressSelect,
  RESULT_CARDS,
  STYLE_CARDS,
  slider,
  startWith,
} from '../support/taps.js';

describe('a press lands where the visitor aimed', () => {
  const demo = demoInChromium();

  for (const [device, options] of Object.entries(VIEWPORTS)) {
    // The two viewports run side by side, each on its own page (its tests one after the other): the file takes as long as the longer one.
    describe.concurrent(`on a ${device}`, () => {
      describe.sequential('one page', () => {
        const inputs: Input[] = device === 'phone' ? ['touch', 'mouse', 'pen'] : ['mouse', 'pen', 'touch'];
        const [first] = inputs as [Input];
        // One page per viewport: each test loads the demo afresh in it.
        let context: BrowserContext;
        let page: Page;
        let cdp: CDPSession;
        let widget: Locator;

        beforeAll(async () => {
          context = await demo.browser().newContext({ ...options, hasTouch: true });
          page = await context.newPage();
          page.setDefaultTimeout(SAFETY_TIMEOUT_MS);
          cdp = await context.newCDPSession(page);
          widget = page.locator('room-restyler');
        });

        afterAll(() => context?.close());

        /** A fresh visit with the widget in view, by default with a photo on it. */
        async function visit(photo = true): Promise<void> {
          await page.goto(demo.url());
          await widget.scrollIntoViewIfNeeded();
          await installHelpers(page);
          if (photo) await withPhoto();
        }

        /** A photo dropped on the widget and laid out (its height moves everything below it). */
        async function withPhoto(): Promise<void> {
          await dropPhoto(page);
          await widget.locator('[part~="preview"] img').evaluate((img: HTMLImageElement) => img.decode());
        }

        const roomStyle = () => widget.evaluate((el) => (el as unknown as { roomStyle: string }).roomStyle);
        const scroll = () => page.evaluate(() => `${scrollX},${scrollY}`);

        /** Generates with the chosen style and waits for its result. */
        async function result(): Promise<void> {
          await startWith(page, cdp, first);
          await widget.locator('[part~="try-another"]').waitFor();
        }

        it(`every part of every style card, mode, result and button, with ${inputs.join(', ')}`, async () => {
          await visit(false);
          const wrong: string[] = [];
          for (const input of inputs)
            wrong.push(...(await pressEveryButton(page, cdp, input, 'before a photo', ['Choose photo', 'Use URL'])));
          await withPhoto();
          const styleCards = widget.locator('[part~="style"] [part~="card"]');
          await styleCards.first().waitFor();
          expect(await styleCards.count()).toBeGreaterThan(10);

          for (const input of inputs)
            wrong.push(
              ...(await pressEveryButton(page, cdp, input, 'with a photo', ['change-photo', 'generate'])),
              ...(await pressEveryPoint(page, cdp, input, STYLE_CARDS)),
              ...(await pressEveryPoint(page, cdp, input, MODES)),
            );
          // What the visitor chose is what is sent: the widget's style is the card pressed last.
          expect(await roomStyle()).toBe(await widget.locator('[part~="style"] input:checked').inputValue());

          // Two results, then every part of every result card.
          for (const style of ['japandi', 'coastal']) {
            await widget.evaluate((el, s) => ((el as unknown as { roomStyle: string }).roomStyle = s), style);
            await widget.locator('[part~="generate"]').click();
            await widget.locator('[part~="try-another"]').waitFor();
            if (style === 'japandi') await widget.locator('[part~="try-another"]').click();
          }
          await widget.locator('[part~="gallery"] [part~="card"]').nth(1).waitFor();
          for (const input of inputs)
            wrong.push(
              ...(await pressEveryPoint(page, cdp, input, RESULT_CARDS)),
              ...(await pressEveryButton(page, cdp, input, 'with results', ['fullscreen', 'download', 'try-another'])),
            );
          expect(wrong).toEqual([]);
        });

        it('every select opens in place on a press, and the option chosen is what is sent and shown', async () => {
          await visit();
          const wrong: string[] = [];
          const roomTypes: string[] = [];
          for (const input of inputs) {
            wrong.push(...(await pressSelect(page, cdp, input, 'room-type')));
            roomTypes.push(await chooseNextOption(page, cdp, input, 'room-type'));
          }
          expect(new Set(roomTypes).size).toBe(inputs.length);
          expect((await startWith(page, cdp, first)).room_type).toBe(roomTypes.at(-1));

          // With two results, the second compared with the first instead of the photo.
          await widget.locator('[part~="try-another"]').waitFor();
          await pressButton(page, cdp, first, 'try-another');
          await result();
          for (const input of inputs) wrong.push(...(await pressSelect(page, cdp, input, 'compare-with')));
          expect(await chooseNextOption(page, cdp, first, 'compare-with')).toBe('0');
          const compare = widget.locator('[part~="compare"]');
          expect(await compare.evaluate((c) => (c as unknown as { beforeLabel: string }).beforeLabel)).toMatch(/1$/);
          expect(wrong).toEqual([]);
        });

        it('a press on the compare slider moves the divider there, a drag moves it along, and the page stays', async () => {
          await visit();
          await result();
          const wrong: string[] = [];
          for (const input of inputs) {
            for (const at of [0.2, 0.8]) {
              const before = await slider(page, at);
              await press(page, cdp, input, before.x, before.y);
              const after = await slider(page, at);
              const what = `${input} on the slider at ${at * 100} %`;
              if (!before.free) wrong.push(`${what}: something lies over the slider there`);
              if (Math.abs(after.position - at * 100) > 1) wrong.push(`${what}: the divider went to ${after.position} %`);
              if (after.scroll !== before.scroll) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
              if (!after.focusStayed) wrong.push(`${what}: focus moved elsewhere`);
            }
            // A sideways drag (on touch too: the page must not scroll instead).
            const [from, to] = [await slider(page, 0.3), await slider(page, 0.7)];
            await drag(cdp, input, [from.x, from.y], [to.x, to.y]);
            const after = await slider(page, 0.7);
            const what = `${input} dragging the slider from 30 % to 70 %`;
            if (Math.abs(after.position - 70) > 1) wrong.push(`${what}: the divider went to ${after.position} %`);
            if (after.scroll !== from.scroll) wrong.push(`${what}: scrolled ${from.scroll} → ${after.scroll}`);
            if (!after.focusStayed) wrong.push(`${what}: focus moved elsewhere`);
          }
          expect(wrong).toEqual([]);
        });

        it('while uploading and generating only Cancel can be pressed: no card, mode or room type changes what is being paid for', async () => {
          await visit();
          const chosen = await roomStyle();
          const [upload, release] = [await hold(page, 'upload'), await hold(page, 'events')];
          await pressButton(page, cdp, first, 'generate');
          await widget.locator('[part~="cancel"]').waitFor();
          const wrong: string[] = [];
          for (const input of inputs) wrong.push(...(await pressEveryButton(page, cdp, input, 'while uploading', ['cancel'])));
          const started = nextStart(page);
          const following = page.waitForRequest((request) => request.url().endsWith('/events'));
          upload();
          const body = await started;
          // The job is accepted and the widget follows it: its events are held until after Cancel.
          await following;
          for (const input of inputs)
            wrong.push(
              ...(await pressEveryButton(page, cdp, input, 'while generating', ['cancel'])),
              ...(await pressEveryPoint(page, cdp, input, STYLE_CARDS, true)),
              ...(await pressEveryPoint(page, cdp, input, MODES, true)),
              ...(await pressSelect(page, cdp, input, 'room-type', true)),
            );
          expect(await roomStyle()).toBe(chosen);
          expect(body.style).toBe(chosen);

          const before = await scroll();
          await pressButton(page, cdp, first, 'cancel');
          await widget.locator('[part~="notice"]').waitFor();
          release();
          expect(await scroll()).toBe(before);
          for (const input of inputs)
            wrong.push(...(await pressEveryButton(page, cdp, input, 'after Cancel', ['change-photo', 'generate'])));
          expect(wrong).toEqual([]);
        });

        it('after a failure Retry lands and asks for the chosen style again; a press on a card dismisses the failure', async () => {
          await visit();
          await failStart(page);
          const failed = await startWith(page, cdp, first);
          await widget.locator('[part~="retry"]').waitFor();
          const wrong: string[] = [];
          for (const input of inputs)
            wrong.push(...(await pressEveryButton(page, cdp, input, 'after a failure', ['retry', 'change-photo'])));
          expect((await startWith(page, cdp, first, 'retry')).style).toBe(failed.style);
          await widget.locator('[part~="try-another"]').waitFor();

          await pressButton(page, cdp, first, 'try-another');
          for (const [i, input] of inputs.entries()) {
            await failStart(page);
            await startWith(page, cdp, input);
            await widget.locator('[part~="retry"]').waitFor();
            // A card not chosen yet: choosing another first would dismiss the failure itself.
            const before = await choose(page, cdp, input, STYLE_CARDS, i + 2, 'picture');
            const after = await aim(page, STYLE_CARDS, i + 2);
            const what = `${input} on the picture of style card "${before.value}" after a failure`;
            if (after.chosen !== before.value) wrong.push(`${what}: chose "${after.chosen}"`);
            if (`${after.scroll}` !== `${before.scroll}`) wrong.push(`${what}: scrolled ${before.scroll} → ${after.scroll}`);
            if (await widget.locator('[part~="error"]').count()) wrong.push(`${what}: the failure stays`);
          }
          expect(wrong).toEqual([]);
        });

        it('in the full-screen view its zoom and close buttons land, and closing it leaves the page where it stood', async () => {
          await visit();
          await result();
          const before = await scroll();
          const viewer = widget.locator('[part~="viewer"]');
          await pressButton(page, cdp, first, 'fullscreen');
          await widget.locator('[part~="viewer"][open]').waitFor();
          const wrong: string[] = [];
          for (const input of inputs)
            wrong.push(...(await pressEveryButton(page, cdp, input, 'in the full-screen view', ['Zoom in', 'Close'])));
          await pressButton(page, cdp, first, 'Zoom in');
          await viewer.getByRole('button', { name: 'Zoom out' }).and(page.locator(':enabled')).waitFor();
          for (const input of inputs)
            wrong.push(...(await pressEveryButton(page, cdp, input, 'zoomed in', ['Zoom out', 'Zoom in', 'Close'])));
          await pressButton(page, cdp, first, 'Close');
          await viewer.waitFor({ state: 'detached' });
          expect(await scroll()).toBe(before);
          expect(wrong).toEqual([]);
        });

        if (device === 'phone')
          it('one touch tap on the picture of any style is the style the proxy is asked (and charges) for', async () => {
            await visit();
            const sent: string[] = [];
            const { values } = await aim(page, STYLE_CARDS, 0);
            expect(values).toEqual(expect.arrayContaining([...STYLE_IDS]));
            for (const style of STYLE_IDS) {
              // After the first, each tap also dismisses the failure the page was shown instead of the last result.
              await choose(page, cdp, 'touch', STYLE_CARDS, values.indexOf(style), 'picture');
              const { status } = await chargeThenFail(page);
              sent.push((await startWith(page, cdp, 'touch')).style);
              expect(await status).toBe(200);
              await widget.locator('[part~="retry"]').waitFor();
            }
            expect(sent).toEqual(STYLE_IDS);

            // And the result is named after it: a last style generated for real and downloaded.
            await choose(page, cdp, 'touch', STYLE_CARDS, values.indexOf('japandi'), 'picture');
            await startWith(page, cdp, 'touch');
            await widget.locator('[part~="download"]').waitFor();
            const download = page.waitForEvent('download');
            await pressButton(page, cdp, 'touch', 'download');
            expect((await download).suggestedFilename()).toMatch(/-japandi-\d+\.jpg$/);
          });
      });
    });
  }
});
