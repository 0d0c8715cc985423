import { css } from 'lit';

export default css`
  /* A size container: the frame is the photo's shape, as large as fits (then zoomed). */
  :host {
    display: grid;
    place-items: safe center;
    container-type: size;
    --_pos: 50%;
  }
  .frame {
    position: relative;
    width: calc(min(100cqw, 100cqh * var(--_ratio)) * var(--_zoom));
    height: calc(min(100cqh, 100cqw / var(--_ratio)) * var(--_zoom));
    overflow: hidden;
    border-radius: var(--_radius);
    background: var(--_surface-2);
    user-select: none;
  }
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  .after {
    clip-path: inset(0 0 0 var(--_pos));
  }
  :host(:dir(rtl)) .after {
    clip-path: inset(0 var(--_pos) 0 0);
  }
  .tag {
    position: absolute;
    top: 0.75rem;
    max-width: 40%;
    overflow: hidden;
    padding: 0.2rem 0.6rem;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.7);
    color: #fff;
    font-size: 0.8rem;
    font-weight: 600;
    text-overflow: ellipsis;
    white-space: nowrap;
    pointer-events: none;
  }
  .tag.b {
    inset-inline-start: 0.75rem;
  }
  .tag.a {
    inset-inline-end: 0.75rem;
  }
  .divider {
    position: absolute;
    top: 0;
    bottom: 0;
    inset-inline-start: var(--_pos);
    width: 2px;
    margin-inline-start: -1px;
    background: #fff;
    box-shadow: 0 0 4px rgb(0 0 0 / 0.5);
    pointer-events: none;
  }
  .handle {
    position: absolute;
    top: 50%;
    left: 50%;
    width: 2.75rem;
    height: 2.75rem;
    transform: translate(-50%, -50%);
    border-radius: 50%;
    background: #fff;
    color: #222;
    box-shadow: 0 1px 6px rgb(0 0 0 / 0.4);
    display: grid;
    place-items: center;
  }
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: ew-resize;
    /* Vertical swipes still scroll the page; horizontal ones move the divider. */
    touch-action: pan-y;
    appearance: none;
  }
  input::-webkit-slider-thumb {
    -webkit-appearance: none;
    width: 2px;
    height: 100%;
  }
  input:focus-visible + .divider .handle {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  @media (forced-colors: active) {
    .divider,
    .handle {
      forced-color-adjust: none;
      background: CanvasText;
      color: Canvas;
    }
  }
`;
