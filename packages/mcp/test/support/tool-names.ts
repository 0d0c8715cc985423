/** Every tool the server lists, sorted: what any client sees whatever the transport. */
export const TOOL_NAMES = [
  'create_room',
  'edit_objects',
  'edit_photo',
  'enhance',
  'me',
  'prediction',
  'recent_jobs',
  'restyle',
  'save_images',
  'stage_listing',
];
