/**
 * The full-screen comparison: a modal dialog with zoom buttons over the zoomable slider. A module
 * of its own, loaded when a visitor first opens it, because most never do.
 */
import { html, type TemplateResult } from 'lit';
import type { PartEvent } from '../../events.js';
import type { Localizer } from '../../i18n/localize.js';
import { MAX_ZOOM } from '../compare-slider/zoom.js';

export { default as viewerStyles } from './viewer.styles.js';

/** The dialog around `compare` (the slider at `zoom`); `setZoom(0)` closes it. */
export function renderViewer(l: Localizer, zoom: number, setZoom: (zoom: number) => void, compare: TemplateResult): TemplateResult {
  const { t } = l;
  // The compare holds the zoom to 1–MAX_ZOOM and says what it is.
  const step = (by: number) => () => setZoom(zoom * by);
  return html`<dialog
    part="viewer"
    aria-label=${t('compare')}
    @close=${() => setZoom(0)}
    @rr-zoom=${(e: PartEvent<'rr-zoom'>) => setZoom(e.detail.zoom)}
  >
    <div class="viewer-bar">
      <button type="button" class="btn" aria-label=${t('zoomOut')} ?disabled=${zoom <= 1} @click=${step(2 / 3)}>−</button>
      <output>${l.percent(zoom)}</output>
      <button type="button" class="btn" aria-label=${t('zoomIn')} ?disabled=${zoom >= MAX_ZOOM} @click=${step(1.5)}>+</button>
      <button type="button" class="btn" autofocus @click=${(e: Event) => (e.target as Element).closest('dialog')?.close()}>${t('close')}</button>
    </div>
    ${compare}
  </dialog>`;
}
