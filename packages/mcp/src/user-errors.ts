/** Problems the user fixes: configuration (in the MCP client config) and arguments that only fail together. */
/** A configuration problem the user fixes in the MCP client config, explained in the tool result. */
export class SetupError extends Error {
  override readonly name = 'SetupError';
}

export const MISSING_KEY_HELP =
  'No API key is configured. Set ROOM_API_KEY in the "env" block of this MCP server in your client config ' +
  '(claude_desktop_config.json, ~/.cursor/mcp.json, .vscode/mcp.json, or `claude mcp add --env ROOM_API_KEY=...`), ' +
  'then restart the client. Keys are created in the service dashboard, section API Keys.';

export const SET_BASE_URL_HELP =
  'Set ROOM_API_BASE_URL (the origin of the service, e.g. http://127.0.0.1:4010 for a local simulator started with ' +
  '`npx -y -p @room-restyler/simulator room-restyler-sim --port 4010`) in the "env" block of this MCP server, then restart the client.';

export const MISSING_BASE_URL_HELP = `No service address is configured. ${SET_BASE_URL_HELP}`;

export const MISSING_UPLOAD_HELP =
  "image_path needs an upload target: set ROOM_UPLOAD_URL to an upload route such as the key proxy's " +
  '(`npx -y -p @room-restyler/proxy -p sharp room-restyler-proxy --port 8787`, then ROOM_UPLOAD_URL=http://127.0.0.1:8787/api/v1/uploads) and restart the client. ' +
  'Alternatively pass image_url with a public http(s) URL of the photo.';

/** Arguments that pass the schema but not together (e.g. neither image_url nor image_path). */
export class InputError extends Error {
  override readonly name = 'InputError';
}
