/**
 * Sketch-to-image and freestyle: the simulator cannot draw a room from words or a sketch, so it
 * answers with its furnished sample room and the request (the prompt, or style and room type)
 * written across the top.
 */
import type { PreparedImage } from './clear-floor.js';
import { fractionBox, writeText } from './pixels.js';
import { prepareInput } from './render.js';
import { sampleRoom } from './sample-room.js';

let room: Promise<PreparedImage> | undefined;

export async function promptRoom(text: string): Promise<PreparedImage> {
  room ??= sampleRoom({ furnished: true, format: 'png' }).then(prepareInput);
  const image = await room;
  return writeText(image, text, fractionBox(image, 0.03, 0.03, 0.94, 0.3));
}
