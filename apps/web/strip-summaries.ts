import type { Plugin } from 'vite';

/** The protocol's endpoint declarations (and the back office's, never in this app). */
const ENDPOINTS = /packages\/protocol\/src\/.*endpoints\.ts$/;
/** An endpoint's `summary` property, its string on the same line or the next (as the formatter writes it). */
const SUMMARY = /\n[ \t]*summary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`),?/g;

/** An endpoints module's source without its summaries. */
export function stripSummaries(source: string): string {
  return source.replace(SUMMARY, '');
}

/**
 * The web app carries no API documentation: each endpoint's `summary` (a sentence for the OpenAPI
 * document, read on the server) is left out of the protocol's endpoint modules as they are built
 * into the app. They sat in the first route (every endpoint the home screen's modules import) for
 * nothing the app shows. Runs before TypeScript is compiled, on the source as declared.
 */
export function stripEndpointSummaries(): Plugin {
  return {
    name: 'strip-endpoint-summaries',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINTS.test(id.split('?')[0] ?? '')) return null;
      return { code: stripSummaries(code), map: null };
    },
  };
}
