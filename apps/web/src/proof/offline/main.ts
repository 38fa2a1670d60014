import { checkInclusion, type InclusionProofData } from '@otc/core/proof/merkle';
import { pickLanguage } from '@otc/protocol/languages';

/**
 * The offline proof checker (`/verify-proof.html`, decision 0140): one self-contained file a user
 * can save and open with no network at all. It reads a downloaded proof and runs the same check as
 * the app (core's `checkInclusion`); its own Content-Security-Policy forbids every connection, so
 * "it calls nothing" is a rule the browser enforces, readable in the page's source. Plain DOM: no
 * framework, so the whole page stays small enough to read.
 */
type Texts = Record<string, string>;

const all = JSON.parse(document.getElementById('texts')?.textContent ?? '{}') as Record<string, Texts>;
// ?lang= first (the app links here in the reader's language), then the browser's languages.
const lang = pickLanguage(
  [new URLSearchParams(location.search).get('lang'), ...navigator.languages].filter(Boolean).join(','),
);
const t = (key: string) => all[lang]?.[key] ?? all.en?.[key] ?? key;
document.documentElement.lang = lang;

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attrs: Record<string, string> = {},
) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

const main = el('main');
const fileInput = el('input', undefined, {
  type: 'file',
  accept: 'application/json,.json',
  id: 'proof-file',
});
const rootInput = el('input', undefined, { type: 'text', id: 'published-root', spellcheck: 'false' });
const result = el('p', undefined, { role: 'status', 'data-testid': 'offline-result' });
const details = el('section', undefined, { 'data-testid': 'offline-details' });
const fileLabel = el('label', t('pick'), { for: 'proof-file' });
const rootLabel = el('label', t('publishedRoot'), { for: 'published-root' });
main.append(
  el('h1', t('title')),
  el('p', t('intro')),
  fileLabel,
  fileInput,
  rootLabel,
  rootInput,
  result,
  details,
);
document.body.append(main);

let proof: InclusionProofData | null = null;

function show() {
  details.replaceChildren();
  if (!proof) return;
  const published = rootInput.value.trim().toLowerCase() || undefined;
  const check = checkInclusion(proof, published);
  result.textContent = check.ok ? t('included') : t(`failed.${check.reason}`);
  result.dataset.ok = String(check.ok);
  const row = (label: string, value: string) => {
    const p = el('p');
    p.append(el('strong', `${label}: `), el('code', value));
    return p;
  };
  details.append(row(t('root'), proof.snapshot.root));
  for (const total of proof.snapshot.totals)
    details.append(row(`${t('totals')} ${total.asset}`, total.total));
  for (const b of proof.balances) details.append(row(`${t('balances')} ${b.asset}`, b.amount));
}

function notAProof() {
  proof = null;
  details.replaceChildren();
  result.textContent = t('notProof');
  result.dataset.ok = 'false';
}

/** The shape the check reads; anything else is not a proof (the check itself refuses wrong values). */
function asProof(value: unknown): InclusionProofData | null {
  const p = value as InclusionProofData;
  const strings = (xs: unknown) => Array.isArray(xs) && xs.every((x) => typeof x === 'string');
  const ok =
    p &&
    typeof p.userHash === 'string' &&
    typeof p.nonce === 'string' &&
    typeof p.leaf === 'string' &&
    typeof p.snapshot?.root === 'string' &&
    Array.isArray(p.snapshot.totals) &&
    p.snapshot.totals.every((x) => typeof x?.asset === 'string' && typeof x.total === 'string') &&
    Array.isArray(p.balances) &&
    p.balances.every((x) => typeof x?.asset === 'string' && typeof x.amount === 'string') &&
    Array.isArray(p.path) &&
    p.path.every(
      (s) => typeof s?.hash === 'string' && strings(s.sums) && (s.side === 'left' || s.side === 'right'),
    );
  return ok ? p : null;
}

fileInput.addEventListener('change', async () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  try {
    proof = asProof(JSON.parse(await file.text()));
  } catch {
    proof = null;
  }
  if (proof) show();
  else notAProof();
});
rootInput.addEventListener('input', show);
