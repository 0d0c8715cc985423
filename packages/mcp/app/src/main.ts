/**
 * The studio's entry: registers the widget's parts and the view, connects to the host with the
 * official MCP Apps client, and follows the host's theme, style variables and language.
 */
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { ChoiceCards, CompareSlider, DropZone } from '@room-restyler/element/components';
// The widget's languages besides English (built in); each registers itself.
import '@room-restyler/element/translations/de';
import '@room-restyler/element/translations/fr';
// Registers <room-restyler-mask-brush>, for editing part of a photo.
import '@room-restyler/element/mask-brush';
import { downloadThroughHost } from './download.js';
import { StudioView } from './studio-view.js';

customElements.define('room-restyler-compare', CompareSlider);
customElements.define('room-restyler-cards', ChoiceCards);
customElements.define('room-restyler-drop-zone', DropZone);
customElements.define('room-restyler-studio', StudioView);

const view = document.querySelector('room-restyler-studio') as StudioView;
const app = new App({ name: 'room-restyler-studio', version: '1.0.0' });

view.host = {
  callTool: (name, args) => app.callServerTool({ name, arguments: args }),
  download: (files, label) => downloadThroughHost(app, files, label),
};

function followHost(context: McpUiHostContext | undefined) {
  if (!context) return;
  if (context.theme) {
    applyDocumentTheme(context.theme);
    view.theme = context.theme;
  }
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
  if (context.locale) document.documentElement.lang = context.locale;
}

// Handlers first: the host may send the tool's input and result right after the handshake.
app.ontoolinput = ({ arguments: args }) => view.toolInput(app.getHostContext()?.toolInfo?.tool.name, args);
app.ontoolresult = (result) => void view.toolResult(result);
app.ontoolcancelled = () => view.toolCancelled();
app.onhostcontextchanged = followHost;
await app.connect();
followHost(app.getHostContext());
