import { css } from 'lit';

export default css`
  :host {
    display: block;
  }
  .zone {
    box-sizing: border-box;
    display: grid;
    align-content: center;
    justify-items: center;
    gap: 0.4rem;
    height: 100%;
    padding: 1rem;
    border: 2px dashed var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface-2);
    text-align: center;
    cursor: pointer;
    transition: border-color 0.15s, background-color 0.15s;
  }
  :host([dragging]) .zone {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, var(--_surface));
  }
  :host([invalid]) .zone {
    border-color: var(--_danger);
  }
  .icon {
    width: 2.25rem;
    height: 2.25rem;
  }
  .title {
    font-weight: 600;
    font-size: 1.05rem;
  }
  .hint {
    color: var(--_muted);
    font-size: 0.875rem;
    max-width: 32rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.5rem;
    margin-top: 0.25rem;
  }
  .camera {
    display: none;
  }
  @media (pointer: coarse) {
    .camera {
      display: inline-flex;
    }
  }
  @container (max-width: 24rem) {
    .icon {
      display: none;
    }
  }
  input[type='file'] {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    pointer-events: none;
  }
`;
