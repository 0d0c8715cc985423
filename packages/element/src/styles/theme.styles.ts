import { css } from 'lit';

/**
 * The colour tokens: public `--room-restyler-*` properties feed private `--_*` ones that the inner
 * parts inherit. Each default is a light and a dark value; which one applies follows the visitor's
 * `prefers-color-scheme`, or the `theme` attribute. Every default pair meets WCAG 2.2 contrast
 * (text 4.5:1, controls and focus 3:1), checked in the browser tests.
 */
export const themeStyles = css`
  :host {
    color-scheme: light dark;
    --_accent: var(--room-restyler-accent, light-dark(#1d5fd0, #8ab4ff));
    /* White or black, whichever contrasts more with the accent (4.58:1 or more for any colour): its
       lightness by luminance alone (x and z zeroed), white below 49.2, where both contrast the same. */
    --_on-accent: lch(from color(from var(--_accent) xyz 0 y 0) calc((49.2 - l) * 1e9) 0 0);
    --_surface: var(--room-restyler-surface, light-dark(#fff, #17191c));
    --_surface-2: var(--room-restyler-surface-2, light-dark(#f3f4f6, #23262b));
    --_text: var(--room-restyler-text, light-dark(#1c2024, #eceef1));
    --_muted: var(--room-restyler-muted, light-dark(#59626e, #a6aeb9));
    --_border: var(--room-restyler-border, light-dark(#767e89, #7b8390));
    --_danger: var(--room-restyler-danger, light-dark(#b42318, #ff8b80));
    --_focus: var(--room-restyler-focus, light-dark(#c2410c, #ffb454));
    --_radius: var(--room-restyler-radius, 12px);
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
`;
