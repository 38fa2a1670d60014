import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackRouteMethods } from '../../src/http/route-methods.ts';

describe('the methods each path answers', () => {
  it('match static and parametric paths, decoded, and leave catch-alls out', async () => {
    const app = Fastify();
    const methodsOf = trackRouteMethods(app);
    const noop = async () => null;
    app.post('/api/orders/:id', noop);
    app.get('/api/orders/:id/fills', noop);
    app.post('/api/loan/apply ', noop);
    app.get('/files/*', noop);
    await app.ready();
    expect(methodsOf('/api/orders/42')).toEqual(['POST']);
    expect(methodsOf('/api/orders/42/fills?limit=5')).toEqual(['GET', 'HEAD']);
    expect(methodsOf('/api/orders/42/other')).toEqual([]);
    expect(methodsOf('/api/orders/')).toEqual([]);
    expect(methodsOf('/api/loan/apply%20')).toEqual(['POST']);
    expect(methodsOf('/files/a.txt')).toEqual([]);
    expect(methodsOf('/api/%E0%A4%A')).toEqual([]);
    await app.close();
  });
});
