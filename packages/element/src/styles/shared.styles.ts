import { css } from 'lit';

/** Buttons and fields shared by the widget and its internal parts; colours come from the host's tokens. */
export const buttonStyles = css`
  .btn,
  input[type='url'],
  select,
  textarea {
    min-height: 2.75rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
  }
  .btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4rem;
    padding: 0 1.1rem;
    font-weight: 600;
    cursor: pointer;
  }
  .btn:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  .btn.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }
  /* Towards the opposite of the text (its whiteness and blackness swapped), so hovering only adds contrast. */
  .btn.primary:hover:not(:disabled) {
    background: color-mix(in srgb, var(--_accent) 85%, hwb(from var(--_on-accent) 0 b w));
  }
  .btn:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
`;
