import { describe, expect, it } from 'vitest';
import { matchRoute, type Route } from './router.js';

const routes: Route<string>[] = [
  { methods: ['GET'], template: '/api/v1/me', handler: 'me' },
  { methods: ['GET'], template: '/api/v1/prediction/{request_id}', handler: 'prediction' },
];

describe('matchRoute', () => {
  it('finds routes and decodes path parameters', () => {
    expect(matchRoute(routes, 'GET', '/api/v1/prediction/pred%20x')).toMatchObject({ kind: 'found', params: { request_id: 'pred x' } });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute(routes, 'POST', '/api/v1/me')).toEqual({ kind: 'method-not-allowed', allow: ['GET'], template: '/api/v1/me' });
    expect(matchRoute(routes, 'GET', '/api/v1/me/')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', '/api/v1/prediction/')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', '/api/v1/prediction/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });
});
