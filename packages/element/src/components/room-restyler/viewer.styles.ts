import { css } from 'lit';

export default css`
  dialog {
    width: 100vw;
    height: 100dvh;
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    border: 0;
    background: var(--_surface);
    color: var(--_text);
  }
  dialog[open] {
    display: grid;
    grid-template-rows: auto 1fr;
  }
  .viewer-bar {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: 0.5rem;
    padding: 0.5rem;
  }
  .viewer-bar output {
    min-width: 4.5ch;
    text-align: center;
  }
`;
