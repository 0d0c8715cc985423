/**
 * @room-restyler/simulator — a local stand-in for the room image generation service: the same
 * endpoints, errors, credits and slowness, with real (visibly simulated) images.
 */

export { type SampleRoomOptions, sampleRoom } from './images/sample-room.js';
export { stylePalette } from './images/style-treatments.js';
export {
  type AckShape,
  DEFAULT_API_KEY,
  DEFAULT_CREDITS,
  SERVICE_LATENCY_MS,
  type SimulatorAccount,
  type SimulatorOptions,
} from './options.js';
export { type RunningSimulator, startSimulator } from './simulator.js';
export type { SimulatorStats } from './state/stats.js';
