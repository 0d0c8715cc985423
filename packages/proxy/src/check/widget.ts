/** `widget`: the `<room-restyler>` script the proxy serves comes from an installed `@room-restyler/element`. */
import { type Check, ok, warn } from '@room-restyler/core/cli';
import { elementWidget } from '../node/element-widget.js';

export function widgetCheck(): Check {
  return {
    label: 'widget',
    async run() {
      const bundle = await elementWidget()();
      if (!bundle)
        return warn('@room-restyler/element is not installed: /room-restyler.js answers 404', 'npm install @room-restyler/element');
      return ok(`@room-restyler/element ${bundle.version}, served at /room-restyler.js`);
    },
  };
}
