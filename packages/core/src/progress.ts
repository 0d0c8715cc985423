/**
 * Where a generation is, as a person waiting for it would say: one vocabulary for core's
 * `generate()` progress, the element's events and the MCP server's progress messages.
 */
export type GenerationPhase =
  /** The photo is being sent to the key proxy (the element, the MCP server's local photos). */
  | 'uploading'
  /** The generation request is on its way; nothing is charged until it is accepted. */
  | 'starting'
  /** The service accepted the job and is working on it (about 10–30 s). */
  | 'generating'
  /** The images are being fetched (the MCP server's previews and saved files). */
  | 'downloading'
  | 'succeeded'
  | 'failed';

export const GENERATION_PHASES: readonly GenerationPhase[] = ['uploading', 'starting', 'generating', 'downloading', 'succeeded', 'failed'];
