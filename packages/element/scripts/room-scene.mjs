// Renders a simple one-point-perspective room (walls, floor, window, door) as SVG, so the demo
// and the tests have realistic-looking sample photos that the project made itself.

/** @typedef {{ wall: string; side: string; floor: string; ceiling: string; plank: string; window?: 'left' | 'center' | 'right'; door?: boolean; sun?: boolean }} Palette */

/**
 * @param {number} width
 * @param {number} height
 * @param {Palette} p
 */
export function roomSvg(width, height, p) {
  const w = width;
  const h = height;
  // The back wall: a centred rectangle; everything else is drawn towards the corners.
  const bx0 = w * 0.24,
    bx1 = w * 0.76,
    by0 = h * 0.2,
    by1 = h * 0.7;
  const planks = [];
  for (let i = -10; i <= 10; i++) {
    const xb = w / 2 + (i * (bx1 - bx0)) / 10;
    const xf = w / 2 + (i * w * 1.6) / 10;
    planks.push(`<line x1="${xb}" y1="${by1}" x2="${xf}" y2="${h}" stroke="${p.plank}" stroke-width="${w / 900}" opacity="0.55"/>`);
  }
  const rows = [];
  for (let t = 0.08; t < 1; t += t * 0.55 + 0.05) {
    const y = by1 + (h - by1) * t;
    rows.push(`<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${p.plank}" stroke-width="${w / 1400}" opacity="0.25"/>`);
  }
  const ww = (bx1 - bx0) * 0.34,
    wh = (by1 - by0) * 0.52;
  const wx = p.window === 'left' ? bx0 + (bx1 - bx0) * 0.1 : p.window === 'right' ? bx1 - ww - (bx1 - bx0) * 0.1 : (bx0 + bx1) / 2 - ww / 2;
  const wy = by0 + (by1 - by0) * 0.16;
  const door = p.door
    ? `<polygon points="${w * 0.05},${h * 0.93} ${w * 0.05},${h * 0.24} ${w * 0.15},${h * 0.3} ${w * 0.15},${h * 0.8}" fill="#f4efe6" stroke="#cfc6b8" stroke-width="${w / 500}"/>
       <circle cx="${w * 0.135}" cy="${h * 0.56}" r="${w / 260}" fill="#8a7f70"/>`
    : '';
  const sun = p.sun
    ? `<polygon points="${wx},${by1} ${wx + ww},${by1} ${wx + ww * 1.6},${h * 0.95} ${wx - ww * 0.5},${h * 0.95}" fill="#fff8dc" opacity="0.35"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc9ef"/><stop offset="1" stop-color="#e4f1fb"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floor}"/><stop offset="1" stop-color="${p.plank}"/></linearGradient>
    <clipPath id="floorClip"><polygon points="0,${h} ${bx0},${by1} ${bx1},${by1} ${w},${h}"/></clipPath>
    <clipPath id="winClip"><rect x="${wx}" y="${wy}" width="${ww}" height="${wh}"/></clipPath>
    <linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall}"/><stop offset="1" stop-color="${p.side}"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="${p.ceiling}"/>
  <polygon points="0,0 ${bx0},${by0} ${bx0},${by1} 0,${h}" fill="${p.side}"/>
  <polygon points="${w},0 ${bx1},${by0} ${bx1},${by1} ${w},${h}" fill="${p.side}" opacity="0.92"/>
  <polygon points="0,${h} ${bx0},${by1} ${bx1},${by1} ${w},${h}" fill="url(#floor)"/>
  <g clip-path="url(#floorClip)">${planks.join('')}${rows.join('')}${sun}</g>
  <rect x="${bx0}" y="${by0}" width="${bx1 - bx0}" height="${by1 - by0}" fill="url(#back)"/>
  <rect x="${bx0}" y="${by1 - h * 0.018}" width="${bx1 - bx0}" height="${h * 0.018}" fill="#f7f4ee"/>
  <rect x="${wx - w * 0.008}" y="${wy - w * 0.008}" width="${ww + w * 0.016}" height="${wh + w * 0.016}" fill="#fbfaf7"/>
  <rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" fill="url(#sky)"/>
  <g clip-path="url(#winClip)"><ellipse cx="${wx + ww * 0.3}" cy="${wy + wh * 1.02}" rx="${ww * 0.5}" ry="${wh * 0.3}" fill="#7fae6a"/><ellipse cx="${wx + ww * 0.85}" cy="${wy + wh * 1.05}" rx="${ww * 0.35}" ry="${wh * 0.22}" fill="#6a9a58"/></g>
  <line x1="${wx + ww / 2}" y1="${wy}" x2="${wx + ww / 2}" y2="${wy + wh}" stroke="#fbfaf7" stroke-width="${w / 260}"/>
  <line x1="${wx}" y1="${wy + wh / 2}" x2="${wx + ww}" y2="${wy + wh / 2}" stroke="#fbfaf7" stroke-width="${w / 260}"/>
  ${door}
  <line x1="0" y1="0" x2="${bx0}" y2="${by0}" stroke="#000" stroke-opacity="0.08" stroke-width="${w / 600}"/>
  <line x1="${w}" y1="0" x2="${bx1}" y2="${by0}" stroke="#000" stroke-opacity="0.08" stroke-width="${w / 600}"/>
  <line x1="${bx0}" y1="${by1}" x2="0" y2="${h}" stroke="#000" stroke-opacity="0.1" stroke-width="${w / 600}"/>
  <line x1="${bx1}" y1="${by1}" x2="${w}" y2="${h}" stroke="#000" stroke-opacity="0.1" stroke-width="${w / 600}"/>
</svg>`;
}

/** @type {Record<string, Palette>} */
export const PALETTES = {
  'living-room': { wall: '#ece6dc', side: '#ddd5c8', floor: '#c9a57c', ceiling: '#f6f3ee', plank: '#9c774f', window: 'center', sun: true },
  bedroom: { wall: '#dfe6ea', side: '#cfd8dd', floor: '#d8c3a5', ceiling: '#f4f6f7', plank: '#a88d69', window: 'right', door: true },
  kitchen: { wall: '#f1efe9', side: '#e2ded5', floor: '#b9b3a9', ceiling: '#fafaf8', plank: '#8f8a82', window: 'left', sun: true },
  office: { wall: '#e9e2d6', side: '#d9cfbf', floor: '#8f6a48', ceiling: '#f6f2ec', plank: '#5f4330', window: 'center', door: true },
};
