/**
 * The test host, in Chromium: renders the studio the way MCP Apps hosts do — the resource's HTML in
 * a sandboxed iframe under a CSP built from its `_meta.ui.csp` — and talks to it through the
 * official host-side bridge (AppBridge). Tool calls from the app go to the Node side, where a real
 * SDK client forwards them to the server.
 */
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/client';
import { AppBridge, type McpUiHostContext, type McpUiResourceCsp, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

export interface StudioRun {
  html: string;
  csp: McpUiResourceCsp;
  context: McpUiHostContext;
  input: Record<string, unknown>;
  result: CallToolResult;
}

declare global {
  interface Window {
    /** Exposed by the test: a tools/call on the real server. */
    hostCallTool(params: CallToolRequest['params']): Promise<CallToolResult>;
    /** Exposed by the test: what the app asked the host to download. */
    hostDownload(params: unknown): Promise<void>;
    showStudio(run: StudioRun): Promise<void>;
  }
}

/** What a host's sandbox allows: inline code of the resource itself, and only the declared origins. */
function policy(csp: McpUiResourceCsp): string {
  const list = (origins: string[] | undefined) => (origins?.length ? origins.join(' ') : "'none'");
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    `img-src data: blob: ${list(csp.resourceDomains)}`,
    `connect-src ${list(csp.connectDomains)}`,
  ].join('; ');
}

window.showStudio = async ({ html, csp, context, input, result }) => {
  const iframe = document.createElement('iframe');
  iframe.sandbox.add('allow-scripts');
  iframe.title = 'Room Restyler studio';
  iframe.srcdoc = html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${policy(csp)}">`);
  document.body.append(iframe);
  const view = iframe.contentWindow as Window;

  const bridge = new AppBridge(
    null,
    { name: 'test-host', version: '1.0.0' },
    { serverTools: {}, downloadFile: {} },
    { hostContext: context },
  );
  bridge.oncalltool = (params) => window.hostCallTool(params);
  bridge.ondownloadfile = async (params) => {
    await window.hostDownload(params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(view, view));
  await initialized;
  await bridge.sendToolInput({ arguments: input });
  await bridge.sendToolResult(result);
};
