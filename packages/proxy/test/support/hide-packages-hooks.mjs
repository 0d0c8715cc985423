// Module resolution hooks for hide-packages.mjs: a hidden package fails to resolve with Node's own
// error code and message for a package that is not installed.
let hidden = [];

export function initialize(data) {
  hidden = data.packages;
}

export async function resolve(specifier, context, nextResolve) {
  if (hidden.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
    throw Object.assign(new Error(`Cannot find package '${specifier}' imported from ${context.parentURL}`), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
  }
  return nextResolve(specifier, context);
}
