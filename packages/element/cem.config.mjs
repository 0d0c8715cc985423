// custom-elements.json: the public elements only — the widget and the mask brush (its own export) —
// from their JSDoc (@attr, @fires, @csspart, @cssprop, @cssstate). The widget's inner parts (drop
// zone, slider, gallery) are implementation, reached through the parts it exports; private members
// and internal reactive state are left out too. It is read from src/ but describes the files the
// package ships (dist/…js), which tools resolve paths against.

/** Drops private and protected members, the attributes of those members, and declarations the module does not export. */
const publicApiOnly = {
  name: 'public-api-only',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      const exported = new Set((module.exports ?? []).map((e) => e.declaration?.name));
      module.declarations = (module.declarations ?? []).filter((d) => exported.has(d.name));
      for (const declaration of module.declarations) {
        const hidden = new Set(
          (declaration.members ?? [])
            .filter((m) => m.privacy === 'private' || m.privacy === 'protected' || /^[#_]/.test(m.name))
            .map((m) => m.name),
        );
        if (declaration.members) declaration.members = declaration.members.filter((m) => !hidden.has(m.name));
        if (declaration.attributes) declaration.attributes = declaration.attributes.filter((a) => !hidden.has(a.fieldName));
      }
    }
  },
};

/** `src/x/y.ts` → `dist/x/y.js`: the module as it is published. */
const shipped = (path) => path?.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');

/** Points every module and export at the published dist file instead of the source. */
const shippedPaths = {
  name: 'shipped-paths',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      module.path = shipped(module.path);
      for (const entry of module.exports ?? []) if (entry.declaration?.module) entry.declaration.module = shipped(entry.declaration.module);
      for (const declaration of module.declarations ?? [])
        if (declaration.superclass?.module) declaration.superclass.module = shipped(declaration.superclass.module);
    }
  },
};

export default {
  globs: ['src/components/room-restyler/room-restyler.ts', 'src/components/mask-brush/mask-brush.ts'],
  outdir: '.',
  litelement: true,
  plugins: [publicApiOnly, shippedPaths],
};
