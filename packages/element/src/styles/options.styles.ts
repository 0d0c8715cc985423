import { css } from 'lit';

/** A group of options (a radio button in each label): the mode choice and the cards; the chosen and the focused one stand out. */
export const optionStyles = css`
  fieldset {
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    padding: 0;
    margin-bottom: 0.4rem;
    font-size: 0.875rem;
    font-weight: 600;
  }
  .option {
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    cursor: pointer;
  }
  .option:has(:checked) {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  .option:has(:focus-visible) {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .option:has(:disabled) {
    cursor: default;
  }
  @media (forced-colors: active) {
    .option:has(:checked) {
      outline: 3px solid Highlight;
    }
  }
`;
