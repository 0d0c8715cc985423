/**
 * Empties a room for `mode: "empty-room"`: the floor is painted over with the floor's own colours,
 * so furniture standing on it disappears while walls, window and ceiling stay as they were. Like
 * the staging overlay, it assumes the floor of the sample room's perspective (a trapezoid in a
 * 1000x750 box, stretched to the photo): the simulator does not know where the floor is, it only
 * has to look plausible and be visibly empty.
 *
 * Each column of the floor blends from the colour just below the skirting board (the far edge of
 * the floor, where furniture rarely stands) to the mean colour of the bottom rows (the near edge).
 */
/** A photo decoded to raw pixels, RGB (render.ts prepares it). */
export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The floor of the box: far edge at y 450 from x 150 to 850, widening to the full width at y 750. */
const FLOOR = { far: 450, farLeft: 150, farRight: 850, box: { width: 1000, height: 750 } } as const;
/** Box rows sampled for the two edges' colours: just below the skirting board, and the bottom band. */
const FAR_ROW = 455;
const NEAR_ROWS = 712;

export function clearFloor(image: PreparedImage): PreparedImage {
  const { width, height, data } = image;
  const out = Buffer.from(data);
  const sx = width / FLOOR.box.width;
  const sy = height / FLOOR.box.height;
  const top = Math.min(height - 1, Math.round(FAR_ROW * sy));
  const nearFrom = Math.min(height - 1, Math.round(NEAR_ROWS * sy));
  const pixel = (x: number, y: number) => (y * width + x) * 3;
  const clamp = (x: number, from: number, to: number) => Math.min(Math.max(x, Math.ceil(from)), Math.floor(to));

  // The edges' colours per column, read before anything is painted.
  const far = new Float32Array(width * 3);
  const near = new Float32Array(width * 3);
  const farEdge = floorSpan(FAR_ROW, sx);
  const nearEdge = floorSpan(NEAR_ROWS, sx);
  for (let x = 0; x < width; x++) {
    const fx = clamp(x, farEdge.left, farEdge.right - 1);
    const nx = clamp(x, nearEdge.left, nearEdge.right - 1);
    for (let c = 0; c < 3; c++) {
      far[x * 3 + c] = data[pixel(fx, top) + c] ?? 0;
      let sum = 0;
      for (let y = nearFrom; y < height; y++) sum += data[pixel(nx, y) + c] ?? 0;
      near[x * 3 + c] = sum / (height - nearFrom);
    }
  }

  for (let y = top; y < height; y++) {
    const t = height - 1 === top ? 1 : (y - top) / (height - 1 - top);
    const span = floorSpan(y / sy, sx);
    for (let x = Math.max(0, Math.ceil(span.left)); x < Math.min(width, span.right); x++) {
      for (let c = 0; c < 3; c++) {
        out[pixel(x, y) + c] = Math.round((far[x * 3 + c] ?? 0) * (1 - t) + (near[x * 3 + c] ?? 0) * t);
      }
    }
  }
  return { width, height, data: out };
}

/** Where the floor is on a box row, in photo pixels. */
function floorSpan(boxRow: number, sx: number): { left: number; right: number } {
  const depth = (boxRow - FLOOR.far) / (FLOOR.box.height - FLOOR.far);
  return { left: FLOOR.farLeft * (1 - depth) * sx, right: (FLOOR.farRight + (FLOOR.box.width - FLOOR.farRight) * depth) * sx };
}
