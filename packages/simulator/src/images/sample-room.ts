/**
 * A synthetic room photo drawn with shapes only: walls, a wooden floor in perspective, a window,
 * and optionally a sofa and a table. The simulator serves it so the curl walkthrough needs no
 * internet, and the tests use it as their input photo.
 */
import sharp from 'sharp';

export interface SampleRoomOptions {
  width?: number;
  height?: number;
  furnished?: boolean;
  format?: 'jpeg' | 'png';
}

function roomSvg(width: number, height: number, furnished: boolean): string {
  const boards = Array.from({ length: 11 }, (_, i) => {
    const x = 185 + i * 63;
    return `<line x1="${x}" y1="450" x2="${Math.round((x - 500) * (1000 / 700) + 500)}" y2="750" stroke="#5e3f22" stroke-width="3" stroke-opacity="0.5"/>`;
  }).join('');
  const furniture = furnished
    ? `<ellipse cx="470" cy="640" rx="250" ry="20" fill="#000" fill-opacity="0.35"/>
       <rect x="250" y="470" width="440" height="100" rx="18" fill="#6d7580"/>
       <rect x="230" y="555" width="480" height="70" rx="12" fill="#5b626b"/>
       <rect x="215" y="510" width="50" height="115" rx="14" fill="#6d7580"/><rect x="675" y="510" width="50" height="115" rx="14" fill="#6d7580"/>
       <rect x="300" y="490" width="110" height="65" rx="10" fill="#c9b79c"/><rect x="530" y="490" width="110" height="65" rx="10" fill="#c9b79c"/>
       <polygon points="760,600 900,600 915,625 745,625" fill="#7b5233"/><rect x="760" y="625" width="10" height="50" fill="#4a3220"/><rect x="890" y="625" width="10" height="50" fill="#4a3220"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 750" preserveAspectRatio="none">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e4ddd2"/><stop offset="1" stop-color="#c9bfb0"/></linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a8784a"/><stop offset="1" stop-color="#7a5230"/></linearGradient>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#d7ecfa"/></linearGradient>
    </defs>
    <rect width="1000" height="750" fill="url(#wall)"/>
    <polygon points="0,0 1000,0 850,90 150,90" fill="#f1ede6"/>
    <polygon points="0,0 150,90 150,450 0,750" fill="#bfb3a2"/>
    <polygon points="1000,0 850,90 850,450 1000,750" fill="#b5a895"/>
    <polygon points="150,450 850,450 1000,750 0,750" fill="url(#floor)"/>
    ${boards}
    <rect x="150" y="440" width="700" height="10" fill="#f5f2ec"/>
    <rect x="560" y="140" width="220" height="230" fill="url(#sky)" stroke="#fafafa" stroke-width="12"/>
    <line x1="670" y1="140" x2="670" y2="370" stroke="#fafafa" stroke-width="8"/>
    <line x1="560" y1="255" x2="780" y2="255" stroke="#fafafa" stroke-width="8"/>
    <polygon points="880,170 960,130 960,590 880,500" fill="#8a6a4a"/>
    ${furniture}
  </svg>`;
}

export async function sampleRoom(options: SampleRoomOptions = {}): Promise<Buffer> {
  const { width = 1200, height = 900, furnished = false, format = 'jpeg' } = options;
  const image = sharp(Buffer.from(roomSvg(width, height, furnished)));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}
