/** Every tool the server lists, sorted: what any client sees whatever the transport. */
export const TOOL_NAMES = ['enhance', 'me', 'prediction', 'recent_jobs', 'restyle', 'save_images'];
