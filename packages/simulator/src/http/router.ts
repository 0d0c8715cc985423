/** Matches `METHOD /path` against route templates like `/api/v1/prediction/{request_id}`. */

export interface Route<H> {
  methods: readonly string[];
  template: string;
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; route: Route<H>; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[]; template: string }
  | { kind: 'not-found' };

function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const g = got[i] as string;
    const param = /^\{(\w+)\}$/.exec(w)?.[1];
    if (param === undefined) {
      if (w !== g) return undefined;
      continue;
    }
    if (g === '') return undefined;
    try {
      params[param] = decodeURIComponent(g);
    } catch {
      return undefined;
    }
  }
  return params;
}

export function matchRoute<H>(routes: ReadonlyArray<Route<H>>, method: string, path: string): RouteMatch<H> {
  const allow = new Set<string>();
  let template: string | undefined;
  for (const route of routes) {
    const params = matchTemplate(route.template, path);
    if (!params) continue;
    if (route.methods.includes(method)) return { kind: 'found', route, params };
    route.methods.forEach((m) => {
      allow.add(m);
    });
    template = route.template;
  }
  return template === undefined ? { kind: 'not-found' } : { kind: 'method-not-allowed', allow: [...allow], template };
}
