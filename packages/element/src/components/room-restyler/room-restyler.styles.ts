import { css } from 'lit';

/*
 * One layout for every state — a head, the picture stage over the choices (hidden, they still give
 * the height when the results show), and the footer (a status line, the bar's place and one row of
 * actions) — so the widget keeps its height from the drop zone to the result.
 */
export default css`
  :host {
    display: block;
    container-type: inline-size;
    color: var(--_text);
    font: var(--room-restyler-font, 400 1rem/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  :host([hidden]) {
    display: none;
  }
  :host(:disabled) .card {
    opacity: 0.6;
  }
  .card {
    display: grid;
    gap: 0.75rem;
    padding: 1rem;
    border: 1px solid color-mix(in srgb, var(--_border) 45%, var(--_surface));
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  /* Room for two lines of title or a button beside it: as high with Change photo as without (nothing moves when it comes). */
  .head {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 2.75rem;
  }
  /* The title and the button share a narrow row, each on up to two lines. */
  .title {
    flex-grow: 1;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    font-weight: 700;
    font-size: 1.05rem;
    line-height: 1.25;
  }
  .stage {
    position: relative;
    flex: 1 0 auto;
    height: clamp(15rem, 62cqw, 30rem);
  }
  .stage > *,
  .preview img,
  room-restyler-compare {
    height: 100%;
  }
  /* The picture's frame: what the picture leaves of the stage is frame, not a gap. */
  .preview,
  .result {
    position: relative;
    border-radius: var(--_radius);
    background: var(--_surface-2);
  }
  .btn.icon {
    position: absolute;
    inset-block-end: 0.75rem;
    inset-inline-end: 0.75rem;
    padding: 0;
    width: 2.75rem;
    box-shadow: 0 1px 6px rgb(0 0 0 / 0.3);
  }
  .preview img {
    display: block;
    width: 100%;
    object-fit: contain;
    border-radius: var(--_radius);
  }
  /* Work going on over the photo: a veil and a slow sweep of light (only the veil with reduced motion: the still sweep sits outside). */
  .scan {
    position: absolute;
    inset: 0;
    border-radius: var(--_radius);
    background: linear-gradient(100deg, transparent 35%, rgb(255 255 255 / 0.45) 50%, transparent 65%) 0 0 / 300% 100%,
      rgb(0 0 0 / 0.18);
    animation: sweep 2.2s linear infinite;
  }
  /* To the .scan's own position (0 0, 0 0). */
  @keyframes sweep {
    from {
      background-position: 100% 0, 0 0;
    }
  }
  .banner {
    position: absolute;
    inset-inline: 0.75rem;
    inset-block-end: 0.75rem;
    max-height: calc(100% - 1.5rem);
    overflow: auto;
    padding: 0.75rem 1rem;
    border: 1px solid var(--_accent);
    border-inline-start-width: 4px;
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.2);
    scroll-margin: 1rem;
  }
  .banner.danger {
    border-color: var(--_danger);
  }
  .danger strong,
  .problem {
    color: var(--_danger);
    font-weight: 600;
  }
  .panel {
    display: grid;
  }
  .panel > * {
    grid-area: 1 / 1;
    min-width: 0;
  }
  /* The stage covers the room the choices leave at their top; with results it takes the whole panel and its picture grows into what they leave. */
  .show {
    z-index: 1;
    align-self: start;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  .show:has(.results) {
    align-self: stretch;
    contain: size;
  }
  .panel .choices::before {
    content: '';
    height: clamp(15rem, 62cqw, 30rem);
  }
  .off {
    visibility: hidden;
  }
  .choices,
  .results {
    display: grid;
    gap: 0.75rem;
    align-content: start;
  }
  /* Many results scroll rather than push the stage under its height. */
  .results {
    overflow: auto;
    padding: 4px;
    margin: -4px;
  }
  .row {
    display: grid;
    gap: 0.75rem;
  }
  .field {
    display: grid;
    gap: 0.4rem;
    font-size: 0.875rem;
    font-weight: 600;
  }
  .segments {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 0.5rem;
  }
  .choice {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    min-height: 2.75rem;
    padding: 0.35rem 0.4rem;
    font-size: 0.875rem;
    font-weight: 500;
    line-height: 1.25;
  }
  .choice:has(:checked) {
    background: color-mix(in srgb, var(--_accent) 8%, var(--_surface));
  }
  .choice input {
    accent-color: var(--_accent);
    margin: 0;
  }
  .choice:has(:focus-visible) input {
    outline: none;
  }
  .choice:has(:disabled) {
    opacity: 0.7;
  }
  input[type='url'],
  select,
  textarea {
    box-sizing: border-box;
    min-width: 0;
    padding: 0 0.75rem;
    font-weight: 400;
  }
  .foot,
  .url,
  .meter {
    display: grid;
    gap: 0.5rem;
  }
  .status {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 0.75rem;
    min-height: 2.9em;
    color: var(--_muted);
  }
  .status > :first-child {
    color: var(--_text);
    font-weight: 600;
  }
  /* The time keeps to one line (the bar's value text has it whole). */
  .time {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 1;
    overflow: hidden;
    font-variant-numeric: tabular-nums;
  }
  .bar {
    height: 0.5rem;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_border) 35%, var(--_surface));
    overflow: hidden;
  }
  .bar > span {
    display: block;
    height: 100%;
    width: var(--_fill, 0%);
    border-radius: inherit;
    background: var(--_accent);
    transition: width 0.9s linear;
  }
  /* One row of actions; on a phone they share it equally, a long label taking two lines. */
  .actions {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 1fr;
    gap: 0.5rem;
    min-height: 2.75rem;
  }
  .head .btn,
  .actions .btn {
    padding: 0.2rem 0.75rem;
    font-size: 0.9375rem;
    line-height: 1.15;
  }
  .url .actions {
    grid-template-columns: 1fr auto;
    grid-auto-columns: auto;
  }
  /* Wide: more padding, the choices side by side, the status on one line, the actions sized by their words. */
  @container (min-width: 36rem) {
    .card {
      padding: 1.25rem;
    }
    .row {
      grid-template-columns: 3fr 2fr;
      align-items: start;
    }
    .status {
      flex-wrap: nowrap;
      min-height: 1.45em;
    }
    .actions {
      display: flex;
    }
    .actions .btn {
      padding: 0 1.1rem;
      font-size: 1rem;
    }
    .actions input {
      flex: 1;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .scan {
      animation: none;
    }
    .bar > span {
      transition: none;
    }
  }
  @media (forced-colors: active) {
    .bar {
      border: 1px solid CanvasText;
    }
    .bar > span {
      forced-color-adjust: none;
      background: Highlight;
    }
    .scan {
      display: none;
    }
  }
`;
