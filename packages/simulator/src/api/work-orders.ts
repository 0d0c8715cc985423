/**
 * What each operation's job makes from its (validated) body, typed by the spec's request types: an
 * operation or a field the spec adds, renames or removes breaks the compile here.
 */
import type { GenerationOperation, OperationBody } from '@room-restyler/core';
import { STAGING_ROOM_TYPES } from '@room-restyler/core/vocabulary';
import { blurObjects } from '../images/blur-objects.js';
import type { PreparedImage } from '../images/clear-floor.js';
import { clearSky } from '../images/clear-sky.js';
import { relight } from '../images/lighting.js';
import { maskEdit } from '../images/mask-edit.js';
import type { Mask } from '../images/pixels.js';
import { promptRoom } from '../images/prompt-room.js';
import { removeObjects } from '../images/remove-objects.js';
import { encodeSimulated, type RenderRequest, renderOutput } from '../images/render.js';
import { upscale } from '../images/upscale.js';
import { windowView } from '../images/window-view.js';
import type { Inputs, WorkOrder } from '../state/jobs.js';

/** Enhance, empty-room and stage without a style still need a look; the real service picks one too. */
const DEFAULT_STYLE = 'modern';

/** The photo of an order that names an image_url: checkInputs fetched and decoded it before the job was accepted. */
function photoOf(inputs: Inputs): PreparedImage {
  if (!inputs.photo) throw new Error('the job has no photo');
  return inputs.photo;
}

/** The style pipeline of render.ts (grade, stage or empty, mark): enhance, restyle, empty-room, stage. */
const styled = (imageUrl: string, look: Omit<RenderRequest, 'seed' | 'index' | 'mark'>): WorkOrder => ({
  imageUrl,
  render: (inputs, variation) => renderOutput(photoOf(inputs), { ...look, ...variation }),
});

/** A treatment of the photo (and its mask), marked "SIMULATED · <label>". */
const treated = (
  imageUrl: string,
  label: string,
  treat: (photo: PreparedImage, mask?: Mask) => PreparedImage | Promise<PreparedImage>,
  maskUrl?: string,
): WorkOrder => ({
  imageUrl,
  ...(maskUrl !== undefined && { maskUrl }),
  render: async (inputs) => encodeSimulated(await treat(photoOf(inputs), inputs.mask), label),
});

/** The sample room with the request written on it: nothing is drawn from a sketch or from words. */
const described = (text: string, imageUrl?: string): WorkOrder => ({
  ...(imageUrl !== undefined && { imageUrl }),
  render: async () => encodeSimulated(await promptRoom(text), imageUrl === undefined ? 'from a prompt' : 'from a sketch'),
});

const words = (...parts: Array<string | undefined>) => parts.filter((part) => part !== undefined && part !== '').join(' · ');
const roomOf = (body: { room_type?: string }) => (body.room_type === undefined ? {} : { roomType: body.room_type });

/** Lighting's body is not documented: its option is any other string field the caller sent (`{"lighting": "warm"}`). */
const lightingOption = (body: OperationBody<'lighting'>) =>
  Object.entries(body).find(([field, value]) => field !== 'image_url' && typeof value === 'string')?.[1] as string | undefined;

export const WORK_ORDERS: { [O in GenerationOperation]: (body: OperationBody<O>) => WorkOrder } = {
  enhance: (body) => styled(body.image_url, { mode: body.mode, style: body.style ?? DEFAULT_STYLE, ...roomOf(body) }),
  restyle: (body) => styled(body.image_url, { mode: 'restyle', style: body.style, ...roomOf(body) }),
  emptyRoom: (body) => styled(body.image_url, { mode: 'empty-room', style: DEFAULT_STYLE }),
  stage: (body) => {
    // The staging page spells room types with hyphens; the furniture is chosen by the kit's spelling.
    const roomType = STAGING_ROOM_TYPES.find((entry) => entry.id === body.room_type)?.roomType;
    return styled(body.image_url, { mode: 'staging', style: body.style ?? DEFAULT_STYLE, ...(roomType && { roomType }) });
  },
  lighting: (body) => {
    const option = lightingOption(body);
    return treated(body.image_url, words('lighting', option), (photo) => relight(photo, option));
  },
  windowView: (body) => treated(body.image_url, words('window view', body.view_type), (photo) => windowView(photo, body.view_type)),
  clearSky: (body) => treated(body.image_url, 'clear sky', clearSky),
  upscale: (body) => treated(body.image_url, 'upscale 2x', (photo) => upscale(photo)),
  sketchToImage: (body) => described(words('sketch to', body.style, body.room_type), body.image_url),
  sketch: (body) => described(words('sketch to', body.style, body.room_type), body.image_url),
  freestyle: (body) => described(words(body.prompt, body.style, body.room_type)),
  generateFromText: (body) => described(words(body.prompt, body.style, body.room_type)),
  modify: (body) => treated(body.image_url, 'modify', (photo, mask) => maskEdit(photo, body.prompt, mask), body.mask_url),
  inpaint: (body) => treated(body.image_url, 'inpaint', (photo, mask) => maskEdit(photo, body.prompt, mask), body.mask_url),
  edit: (body) => treated(body.image_url, 'edit', (photo) => maskEdit(photo, body.prompt)),
  removeObjects: (body) => treated(body.image_url, 'remove objects', (photo) => removeObjects(photo, [body.objects].flat())),
  blurObjects: (body) => treated(body.image_url, 'blur objects', (photo) => blurObjects(photo, body.objects)),
};
