import { css } from 'lit';

export default css`
  :host {
    display: block;
    color: var(--_text);
    font: var(--room-restyler-font, 400 1rem/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  :host([hidden]) {
    display: none;
  }
  /* The photo's shape, as wide as the element allows and no higher than --room-restyler-mask-height. */
  .stage {
    position: relative;
    width: min(100%, var(--room-restyler-mask-height, 70vh) * var(--_ratio));
    aspect-ratio: var(--_ratio);
    margin-inline: auto;
    overflow: hidden;
    border-radius: var(--_radius);
    background: var(--_surface-2);
    isolation: isolate;
  }
  /* Inside the photo's edge, so a container that clips the element still shows it. */
  .stage:focus-visible {
    outline-offset: -3px;
  }
  /* Under the stage's own focus ring. */
  img,
  canvas {
    position: absolute;
    z-index: -1;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  img {
    user-select: none;
  }
  /* Only the canvas keeps touches from scrolling the page: they paint; the toolbar and the page around scroll as usual. */
  canvas {
    touch-action: none;
    cursor: crosshair;
    opacity: 0.55;
    /* The marks are drawn in this colour. */
    color: var(--room-restyler-mask, var(--_accent));
  }
  .selection {
    position: absolute;
    display: none;
    box-sizing: border-box;
    border: 2px dashed var(--_focus);
    outline: 1px solid rgb(255 255 255 / 0.8);
    pointer-events: none;
    transition-property: left, top, width, height;
    transition-duration: 80ms;
  }
  .stage:focus-visible .selection {
    display: block;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 0.75rem;
    margin-top: 0.75rem;
  }
  label {
    display: flex;
    flex: 1 1 12rem;
    align-items: center;
    gap: 0.5rem;
  }
  input[type='range'] {
    flex: 1;
    min-width: 4rem;
    accent-color: var(--_accent);
  }
  .hint,
  .status {
    margin: 0.5rem 0 0;
    color: var(--_muted);
    font-size: 0.85rem;
  }
  /* Its line is kept while empty, so nothing moves when the first announcement comes. */
  .status {
    min-height: 1lh;
  }
  @media (prefers-reduced-motion: reduce) {
    .selection {
      transition: none;
    }
  }
  @media (forced-colors: active) {
    canvas {
      color: Highlight;
    }
    .selection {
      border-color: Highlight;
      outline-color: Canvas;
    }
  }
`;
