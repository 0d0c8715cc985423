import { css } from 'lit';

export default css`
  /*
   * A size container. The photo is as large as fits (times the zoom), its point --_fx/--_fy at the
   * middle; the frame, centred, is the part of it in view.
   */
  :host {
    display: grid;
    place-items: center;
    container-type: size;
  }
  .frame {
    --_w: calc(min(100cqw, 100cqh * var(--_ratio)) * var(--_zoom));
    --_h: calc(min(100cqh, 100cqw / var(--_ratio)) * var(--_zoom));
    position: relative;
    width: min(100cqw, var(--_w));
    height: min(100cqh, var(--_h));
    overflow: hidden;
    border-radius: var(--_radius);
    background: var(--_surface-2);
    user-select: none;
    cursor: ew-resize;
    /* Vertical swipes still scroll the page; horizontal ones move the divider. */
    touch-action: pan-y;
  }
  img {
    position: absolute;
    left: calc(50% - var(--_fx) * var(--_w));
    top: calc(50% - var(--_fy) * var(--_h));
    width: var(--_w);
    height: var(--_h);
    object-fit: contain;
  }
  .clip {
    position: absolute;
    inset: 0;
    clip-path: inset(0 0 0 var(--_pos));
  }
  :host(:dir(rtl)) .clip {
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
  /* On the divider, but never past the frame's edges. */
  .handle {
    position: absolute;
    top: 50%;
    inset-inline-start: clamp(1.375rem, var(--_pos), 100% - 1.375rem);
    width: 2.75rem;
    height: 2.75rem;
    margin: -1.375rem;
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
    pointer-events: none;
  }
  input:focus-visible ~ .handle {
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
