import { css } from 'lit';

export default css`
  :host {
    display: block;
    min-width: 0;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(6.25rem, 1fr));
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  button {
    display: grid;
    width: 100%;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    color: inherit;
    font: inherit;
    cursor: pointer;
    overflow: hidden;
  }
  button[aria-pressed='true'] {
    border-color: var(--_accent);
    box-shadow: 0 0 0 1px var(--_accent);
  }
  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  img {
    display: block;
    width: 100%;
    height: 3.4rem;
    object-fit: cover;
    background: var(--_surface-2);
  }
  span {
    padding: 0.35rem 0.5rem;
    font-size: 0.8125rem;
    font-weight: 500;
    line-height: 1.25;
    text-align: start;
    overflow-wrap: break-word;
  }
  button[aria-pressed='true'] span {
    font-weight: 700;
  }
  @media (forced-colors: active) {
    button[aria-pressed='true'] {
      outline: 3px solid Highlight;
    }
  }
`;
