/**
 * Furniture-like silhouettes laid over the floor of the photo in staging mode, so staging is
 * visibly different from a restyle (which only regrades). Drawn in a 1000x750 box stretched to the
 * photo: the simulator does not know where the floor is, it only has to look plausible.
 */
import type { Treatment } from './style-treatments.js';

type Piece = 'sofa' | 'bed' | 'table' | 'desk';

const PIECE_BY_ROOM: Record<string, Piece> = {
  bedroom: 'bed',
  kids_room: 'bed',
  dining_room: 'table',
  kitchen: 'table',
  home_office: 'desk',
  studio: 'desk',
};

const LEAF = '#3f7f4f';

function mainPiece(piece: Piece, [main, soft, accent, dark]: Treatment['palette']): string {
  switch (piece) {
    case 'bed':
      return `<ellipse cx="500" cy="700" rx="300" ry="22" fill="#000" fill-opacity="0.3"/>
        <rect x="300" y="420" width="400" height="150" rx="16" fill="${dark}"/>
        <polygon points="280,560 720,560 780,700 220,700" fill="${soft}"/>
        <polygon points="262,610 738,610 780,700 220,700" fill="${main}"/>
        <rect x="330" y="528" width="150" height="48" rx="16" fill="#ffffff"/>
        <rect x="520" y="528" width="150" height="48" rx="16" fill="#ffffff"/>`;
    case 'table':
      return `<ellipse cx="500" cy="660" rx="260" ry="20" fill="#000" fill-opacity="0.3"/>
        ${[300, 420, 580, 700].map((x) => `<rect x="${x - 30}" y="470" width="60" height="110" rx="8" fill="${accent}"/><rect x="${x - 34}" y="575" width="68" height="18" fill="${dark}"/>`).join('')}
        <polygon points="310,560 690,560 740,615 260,615" fill="${main}"/>
        <rect x="285" y="615" width="14" height="60" fill="${dark}"/><rect x="701" y="615" width="14" height="60" fill="${dark}"/>`;
    case 'desk':
      return `<ellipse cx="500" cy="680" rx="220" ry="18" fill="#000" fill-opacity="0.3"/>
        <rect x="440" y="440" width="130" height="85" rx="6" fill="${dark}"/><rect x="450" y="450" width="110" height="62" fill="${soft}"/>
        <rect x="330" y="540" width="340" height="24" fill="${main}"/>
        <rect x="340" y="564" width="14" height="110" fill="${dark}"/><rect x="646" y="564" width="14" height="110" fill="${dark}"/>
        <rect x="470" y="560" width="80" height="90" rx="14" fill="${accent}"/>`;
    case 'sofa':
      return `<ellipse cx="500" cy="650" rx="280" ry="24" fill="#000" fill-opacity="0.3"/>
        <rect x="270" y="470" width="460" height="110" rx="22" fill="${main}"/>
        <rect x="250" y="560" width="500" height="70" rx="14" fill="${main}"/>
        <rect x="250" y="560" width="500" height="70" rx="14" fill="#000" fill-opacity="0.15"/>
        <rect x="232" y="515" width="56" height="118" rx="16" fill="${main}"/>
        <rect x="712" y="515" width="56" height="118" rx="16" fill="${main}"/>
        <rect x="310" y="492" width="120" height="72" rx="12" fill="${accent}"/>
        <rect x="570" y="492" width="120" height="72" rx="12" fill="${soft}"/>
        <rect x="262" y="630" width="14" height="22" fill="${dark}"/><rect x="724" y="630" width="14" height="22" fill="${dark}"/>`;
  }
}

/**
 * An SVG the size of the photo with a rug, a main piece chosen by room type (sofa, bed, table or
 * desk), a plant, a lamp and a picture on the wall. `shift` (-1..1) moves the main piece sideways
 * so several outputs of one job differ.
 */
export function stagingOverlaySvg(
  width: number,
  height: number,
  treatment: Treatment,
  roomType: string | undefined,
  shift: number,
): string {
  const [main, soft, accent, dark] = treatment.palette;
  const piece = PIECE_BY_ROOM[roomType ?? ''] ?? 'sofa';
  const dx = Math.round(shift * 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 750" preserveAspectRatio="none">
    <rect x="270" y="170" width="170" height="115" fill="${dark}"/><rect x="283" y="183" width="144" height="89" fill="${accent}"/>
    <polygon points="290,575 710,575 820,715 180,715" fill="${soft}" fill-opacity="0.92" stroke="${accent}" stroke-width="9"/>
    <g transform="translate(${dx} 0)">${mainPiece(piece, treatment.palette)}</g>
    <rect x="128" y="380" width="9" height="300" fill="${dark}"/>
    <polygon points="108,330 157,330 180,392 85,392" fill="${soft}" stroke="${dark}" stroke-width="4"/>
    <ellipse cx="132" cy="682" rx="34" ry="9" fill="${dark}"/>
    <circle cx="872" cy="548" r="44" fill="${LEAF}"/><circle cx="842" cy="582" r="32" fill="${LEAF}"/><circle cx="902" cy="582" r="32" fill="${LEAF}"/>
    <polygon points="838,598 906,598 894,690 850,690" fill="${main}" stroke="${dark}" stroke-width="4"/>
  </svg>`;
}
