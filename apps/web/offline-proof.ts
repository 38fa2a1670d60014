import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

export const OFFLINE_PROOF_PAGE = 'verify-proof.html';
const here = import.meta.dirname;

/**
 * The proof strings the offline page shows, per language (every locale file: the locales test keeps
 * them to the 12), flattened ("failed.leaf"). Read from the files: Vite loads this config before any
 * TypeScript of the workspace can be imported.
 */
function texts(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const dir = path.join(here, 'src/i18n/locales');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const lang = file.slice(0, -'.json'.length);
    const proof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')).proof;
    const failed = Object.fromEntries(
      Object.entries(proof.failed).map(([k, v]) => [`failed.${k}`, v as string]),
    );
    out[lang] = { ...proof.offlinePage, included: proof.included, ...failed };
  }
  return out;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:16px;max-width:40rem;color:#111;background:#fff}
h1{font-size:1.3rem}label{display:block;margin-top:16px;font-weight:600}input{display:block;width:100%;box-sizing:border-box;min-height:44px;margin-top:4px;font:inherit}
code{word-break:break-all;font-size:.85rem}[role=status]{margin-top:16px;padding:12px;border-radius:8px;font-weight:600}
[data-ok=true]{background:#e6f4ea;color:#0b5c1f}[data-ok=false]{background:#fdecea;color:#8a1c12}`;

/**
 * Builds `verify-proof.html` (decision 0140): the offline proof checker as ONE file, its script
 * bundled by esbuild and inlined, its strings inlined as data, its Content-Security-Policy a meta
 * tag naming the script's and the style's hashes and `connect-src 'none'`: saved and opened from
 * disk it still runs, and it can call nothing. The server's policy names the same hashes
 * (http/security-headers.ts reads the file).
 */
export function offlineProofPage(): Plugin {
  return {
    name: 'offline-proof-page',
    apply: 'build',
    async generateBundle() {
      const bundled = await build({
        entryPoints: [path.join(here, 'src/proof/offline/main.ts')],
        bundle: true,
        format: 'iife',
        minify: true,
        write: false,
        target: 'es2022',
        legalComments: 'none',
      });
      // "</script" cannot appear inside the inline script: the minified code has none, checked here.
      const script = bundled.outputFiles[0]?.text.trim() ?? '';
      if (script.includes('</script')) throw new Error('offline proof page: the script contains </script');
      const data = JSON.stringify(texts()).replaceAll('<', '\\u003c');
      const csp = [
        "default-src 'none'",
        `script-src ${sha256(script)}`,
        `style-src ${sha256(STYLE)}`,
        "connect-src 'none'",
        "img-src 'none'",
        "form-action 'none'",
        "base-uri 'none'",
      ].join('; ');
      const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>Proof of liabilities: offline check</title>
<style>${STYLE}</style>
<script type="application/json" id="texts">${data}</script>
</head>
<body>
<script>${script}</script>
</body>
</html>
`;
      this.emitFile({ type: 'asset', fileName: OFFLINE_PROOF_PAGE, source: html });
    },
  };
}
