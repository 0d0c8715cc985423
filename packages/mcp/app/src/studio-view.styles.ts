import { css } from 'lit';

/**
 * What the studio adds to the widget's layout: the host's theme variables (MCP Apps style
 * variables, when the host sends them) feed the widget's colour tokens. A result shown alone (its
 * "before" photo cannot be loaded) carries the "Virtually staged" label the compare's tag carries.
 * The mask brush, when marking part of a photo, takes the stage's place, with the prompt below it.
 * A listing's results are a grid of before/after pairs, two or three to a row by the frame's width.
 */
export default css`
  :host {
    --room-restyler-surface: var(--color-background-primary);
    --room-restyler-surface-2: var(--color-background-secondary);
    --room-restyler-text: var(--color-text-primary);
    --room-restyler-muted: var(--color-text-secondary);
    --room-restyler-border: var(--color-border-primary);
    --room-restyler-danger: var(--color-text-danger);
    --room-restyler-accent: var(--color-background-inverse);
    --room-restyler-focus: var(--color-ring-primary);
    --room-restyler-radius: var(--border-radius-lg);
    --room-restyler-font: var(--font-weight-normal, 400) var(--font-text-md-size, 1rem) / 1.45 var(--font-sans, system-ui, sans-serif);
    /* Not the brush's 70vh: the host sizes the frame to its content. */
    --room-restyler-mask-height: 30rem;
  }
  .result {
    height: 100%;
  }
  .single {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
    border-radius: var(--_radius);
    background: var(--_surface-2);
  }
  textarea {
    min-height: 4.5rem;
    padding-block: 0.5rem;
    resize: vertical;
  }
  .disclosure {
    position: absolute;
    inset-block-start: 0.75rem;
    inset-inline-start: 50%;
    translate: -50% 0;
    padding: 0.2rem 0.6rem;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.62);
    color: #fff;
    font-size: 0.8125rem;
    font-weight: 600;
    pointer-events: none;
  }
  .pairs {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .pair {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 2px;
    width: 100%;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
    background: var(--_surface-2);
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .pair:hover,
  .pair:focus-visible {
    border-color: var(--_accent);
  }
  .side {
    position: relative;
  }
  .pair img {
    display: block;
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
  }
  .tag {
    position: absolute;
    inset-block-start: 0.3rem;
    inset-inline-start: 0.3rem;
    padding: 0.05rem 0.4rem;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.62);
    color: #fff;
    font-size: 0.6875rem;
    font-weight: 600;
  }
  .name {
    grid-column: 1 / -1;
    padding: 0.35rem 0.5rem;
    font-size: 0.875rem;
    text-align: start;
  }
`;
