import { css } from 'lit';

export default css`
  :host {
    display: block;
    min-width: 0;
  }
  .cards {
    display: grid;
    gap: 0.5rem;
    /* Narrow: two rows that scroll sideways (arrow keys bring the chosen card into view). */
    grid-auto-flow: column;
    grid-template-rows: repeat(2, auto);
    grid-auto-columns: 7.5rem;
    overflow-x: auto;
    padding: 4px;
    margin: -4px;
    scroll-snap-type: x proximity;
    scrollbar-width: thin;
  }
  /* The results wrap in two columns on a phone; every list wraps in rows when wide. */
  :host([wrap]) .cards {
    grid-auto-flow: row;
    grid-template-rows: none;
    grid-template-columns: 1fr 1fr;
    overflow: visible;
  }
  /* Wide enough for the longest name, and a result's name with its number, on one line. */
  @container (min-width: 36rem) {
    :host([wrap]) .cards,
    .cards {
      grid-template-columns: repeat(auto-fill, minmax(7.75rem, 1fr));
      grid-auto-flow: row;
      grid-template-rows: none;
      overflow: visible;
    }
  }
  .card {
    position: relative;
    display: grid;
    background: var(--_surface);
    overflow: hidden;
    scroll-snap-align: start;
  }
  .card:has(:disabled:not(:checked)) {
    opacity: 0.5;
  }
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: inherit;
  }
  img {
    display: block;
    width: 100%;
    height: 3.4rem;
    object-fit: cover;
    background: var(--_surface-2);
  }
  /* On a phone the results get the room the style cards had: two larger pictures a row. */
  @container (max-width: 36rem) {
    img {
      height: auto;
      aspect-ratio: 16 / 9;
    }
  }
  /* The tile behind a style's preview: all a card shows while the picture loads, or when there is none. */
  .swatch {
    position: relative;
    height: 3.4rem;
    background: var(--_surface-2);
  }
  .swatch img {
    position: absolute;
    height: 100%;
  }
  /* The chosen card also carries a check mark: its state is not told by colour alone. Screen readers
     say "checked" already, so the mark has empty alt text (the first content is for browsers without it). */
  .card:has(:checked) .swatch::after {
    content: '✓';
    content: '✓' / '';
    position: absolute;
    top: 0.3rem;
    inset-inline-end: 0.3rem;
    display: grid;
    place-items: center;
    width: 1.25rem;
    height: 1.25rem;
    border-radius: 50%;
    background: var(--_accent);
    box-shadow: 0 0 0 2px var(--_surface);
    color: var(--_on-accent);
    font-size: 0.8rem;
    font-weight: 700;
  }
  /* Two lines for every name, so no language or state changes a card's height. */
  .name {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    height: 2.5em;
    overflow: hidden;
    padding: 0.35rem 0.3rem;
    font-size: 0.8125rem;
    font-weight: 500;
    line-height: 1.25;
  }
`;
