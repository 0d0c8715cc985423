import { css } from 'lit';

export default css`
  :host {
    display: block;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  button {
    display: block;
    padding: 0;
    border: 2px solid transparent;
    border-radius: calc(var(--_radius) * 0.6);
    background: none;
    cursor: pointer;
    overflow: hidden;
  }
  button[aria-pressed='true'] {
    border-color: var(--_accent);
  }
  button:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  img {
    display: block;
    width: 5.5rem;
    height: 4rem;
    object-fit: cover;
  }
`;
