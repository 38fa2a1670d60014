import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const YEAR_S = 31_536_000;

/**
 * The one <style> element the apps add: lightweight-charts' attribution logo (its licence asks for
 * the attribution) writes a fixed stylesheet inline. Its hash, kept in step with the installed
 * library by `test/unit/security-headers.test.ts`.
 */
export const CHART_LOGO_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/**
 * The hashes of the inline scripts (or styles) of the built apps' pages: the web's route preload
 * sits inline in index.html (as a file it would cost a round trip before the page's preloads, issue
 * 13), and the offline proof checker is one self-contained file (decision 0140). Read at start, so
 * the policy always names the build being served.
 */
export function inlineHashes(pages: readonly string[], tag: 'script' | 'style'): string[] {
  const hashes = new Set<string>();
  const element =
    tag === 'script'
      ? /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g
      : /<style[^>]*>([\s\S]*?)<\/style>/g;
  for (const file of pages) {
    if (!existsSync(file)) continue;
    for (const [, body] of readFileSync(file, 'utf8').matchAll(element))
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
      );
  }
  return [...hashes];
}

/**
 * Security headers on every answer (issue 23: the session token lives in localStorage, so a script
 * injected into the page could read it): a Content-Security-Policy that runs only the apps' own
 * scripts (no inline script but the hashed preload, no eval), no framing (clickjacking), no
 * referrer, no MIME sniffing; HSTS only where the site is served over TLS.
 */
export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const pages = [
    path.join(config.webDist, 'index.html'),
    path.join(config.webDist, 'verify-proof.html'),
    path.join(config.webDist, 'offline.html'),
    path.join(config.adminDist, 'index.html'),
  ];
  const scripts = inlineHashes(pages, 'script');
  await app.register(fastifyHelmet, {
    // Written out whole: helmet's defaults add upgrade-insecure-requests, which breaks a plain
    // http start opened from another machine (HOST=0.0.0.0), and allow any https: font.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scripts],
        scriptSrcAttr: ["'none'"],
        // The apps' stylesheets are files (and the chart's logo style, hashed); React's style={...} attributes (positions of charts,
        // sheets, progress bars) need inline attributes, and those cannot carry a nonce or hash.
        styleSrc: ["'self'", CHART_LOGO_STYLE_HASH, ...inlineHashes(pages, 'style')],
        styleSrcAttr: ["'unsafe-inline'"],
        // data: for the captcha's SVG and small inlined images, blob: for a picked upload's preview.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The socket is on this origin: 'self' covers ws(s):// of the same host in CSP 3.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Set below, by how the request came.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    // Only over TLS (a browser ignores it on http, and it must not pin a plain-http start to https).
    if (https || req.protocol === 'https')
      reply.header('strict-transport-security', `max-age=${YEAR_S}; includeSubDomains`);
  });
}
