import { css } from 'lit';

export default css`
  :host {
    /* Public tokens (--room-restyler-*) feed private ones (--_*) that the internal parts inherit. */
    --_accent: var(--room-restyler-accent, #1d5fd0);
    --_on-accent: var(--room-restyler-on-accent, #fff);
    --_surface: var(--room-restyler-surface, #fff);
    --_surface-2: var(--room-restyler-surface-2, #f4f5f7);
    --_text: var(--room-restyler-text, #1c2024);
    --_muted: var(--room-restyler-muted, #5b6470);
    --_border: var(--room-restyler-border, #c9ced6);
    --_danger: var(--room-restyler-danger, #b42318);
    --_focus: var(--room-restyler-focus, #f5a623);
    --_radius: var(--room-restyler-radius, 12px);
    display: block;
    container-type: inline-size;
    color: var(--_text);
    font: var(--room-restyler-font, 400 1rem/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
  :host([hidden]) {
    display: none;
  }
  .card {
    display: grid;
    gap: 1rem;
    padding: 1rem;
    border: 1px solid var(--_border);
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
  .url {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: end;
  }
  .url label {
    flex: 1 1 14rem;
  }
  label,
  legend {
    display: grid;
    gap: 0.3rem;
    font-size: 0.875rem;
    font-weight: 600;
  }
  input[type='url'],
  select {
    min-height: 2.75rem;
    padding: 0 0.75rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
    font-weight: 400;
  }
  .preview {
    position: relative;
  }
  .preview img {
    display: block;
    width: 100%;
    max-height: 28rem;
    object-fit: contain;
    border-radius: var(--_radius);
    background: var(--_surface-2);
  }
  .preview .btn {
    position: absolute;
    inset-block-start: 0.75rem;
    inset-inline-end: 0.75rem;
    min-height: 2.25rem;
    background: color-mix(in srgb, var(--_surface) 90%, transparent);
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin-bottom: 0.3rem;
  }
  .choice {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.55rem 0.85rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    font-weight: 500;
    cursor: pointer;
  }
  .choice:has(:checked) {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 8%, var(--_surface));
  }
  .choice input {
    accent-color: var(--_accent);
    margin: 0;
  }
  .choice:has(:focus-visible) {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .selects {
    display: grid;
    gap: 0.75rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  @container (min-width: 34rem) {
    .selects {
      grid-template-columns: 1fr 1fr;
    }
    .card {
      padding: 1.25rem;
    }
  }
  @container (max-width: 24rem) {
    .actions .btn {
      flex: 1 1 100%;
    }
  }
  .progress {
    display: grid;
    gap: 0.5rem;
  }
  .progress-head {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.5rem;
    font-weight: 600;
  }
  .progress-head .time {
    color: var(--_muted);
    font-weight: 400;
    font-variant-numeric: tabular-nums;
  }
  .bar {
    height: 0.5rem;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_border) 60%, var(--_surface));
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
  .bar.indeterminate > span {
    width: 35%;
    animation: slide 1.4s ease-in-out infinite;
  }
  @keyframes slide {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(300%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .bar > span {
      transition: none;
    }
    .bar.indeterminate > span {
      animation: none;
      width: 100%;
      opacity: 0.5;
    }
  }
  .error {
    display: grid;
    gap: 0.6rem;
    padding: 0.85rem 1rem;
    border: 1px solid var(--_danger);
    border-inline-start-width: 4px;
    border-radius: calc(var(--_radius) * 0.75);
    background: color-mix(in srgb, var(--_danger) 6%, var(--_surface));
    color: var(--_text);
  }
  .error strong {
    color: var(--_danger);
  }
`;
