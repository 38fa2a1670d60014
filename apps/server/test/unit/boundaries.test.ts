import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/boundaries.mjs');

/** Runs the lint step's boundary check of one app on a tree of files; its exit code and what it printed. */
function check(
  tree: Record<string, string>,
  app: 'server' | 'web' | 'admin' = 'server',
): { code: number; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  try {
    return { code: 0, out: execFileSync('node', [SCRIPT, app, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { status: number; stderr: string };
    return { code: e.status, out: e.stderr };
  }
}
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the import boundaries of the lint step', () => {
  const areas = {
    'ledger/index.ts': "export { post } from './post.ts';\n",
    'ledger/post.ts': 'export const post = 1;\n',
    'db/db.ts': 'export const db = 1;\n',
    'app.ts': "import { post } from './ledger/post.ts';\n",
  };

  it("lets an area use another's index.ts and the platform, and the root see everything", () => {
    const { code } = check({
      ...areas,
      'spot/engine.ts': "import { post } from '../ledger/index.ts';\nimport { db } from '../db/db.ts';\n",
    });
    expect(code).toBe(0);
  });

  it("fails on an area reaching into another's files", () => {
    const { code, out } = check({
      ...areas,
      'spot/engine.ts': "import { post } from '../ledger/post.ts';\n",
    });
    expect(code).toBe(1);
    expect(out).toContain(
      'spot/engine.ts imports ledger/post.ts: another area is reached only through its index.ts',
    );
  });

  it('fails on the platform importing an area, even for a type', () => {
    const { code, out } = check({
      ...areas,
      'http/guard.ts': "import type { X } from '../ledger/index.ts';\n",
    });
    expect(code).toBe(1);
    expect(out).toContain('http/guard.ts imports ledger/index.ts: the platform never imports an area');
  });

  it('counts the trading pipeline as platform: areas plug into it, it imports no area', () => {
    const pipeline = { 'trading/engine.ts': 'export const engine = 1;\n' };
    expect(
      check({ ...areas, ...pipeline, 'spot/policy.ts': "import { engine } from '../trading/engine.ts';\n" })
        .code,
    ).toBe(0);
    const { code, out } = check({
      ...areas,
      'trading/engine.ts': "import { post } from '../ledger/index.ts';\n",
    });
    expect(code).toBe(1);
    expect(out).toContain('trading/engine.ts imports ledger/index.ts: the platform never imports an area');
  });
  it('counts the posting machinery as platform: products post through it, it imports no area', () => {
    const postings = { 'postings/index.ts': 'export const post = 1;\n' };
    expect(
      check({ ...areas, ...postings, 'spot/engine.ts': "import { post } from '../postings/index.ts';\n" })
        .code,
    ).toBe(0);
    const { code, out } = check({
      ...areas,
      'postings/post.ts': "import { find } from '../users/index.ts';\n",
      'users/index.ts': 'export const find = 1;\n',
    });
    expect(code).toBe(1);
    expect(out).toContain('postings/post.ts imports users/index.ts: the platform never imports an area');
  });
  it('fails on an import circle inside an area, type-only imports included', () => {
    const { code, out } = check({
      ...areas,
      'spot/engine.ts': "import { policy } from './policy.ts';\nexport const engine = policy;\n",
      'spot/policy.ts': "import { intake } from './intake.ts';\nexport const policy = intake;\n",
      'spot/intake.ts': "import type { Engine } from './engine.ts';\nexport const intake = 1;\n",
    });
    expect(code).toBe(1);
    expect(out).toContain(
      'import circle: spot/engine.ts -> spot/policy.ts -> spot/intake.ts -> spot/engine.ts',
    );
  });

  it('fails on an import circle between areas through their modules, lazy imports included', () => {
    const { code, out } = check({
      ...areas,
      'ledger/post.ts': "export const post = () => import('../spot/index.ts');\n",
      'spot/index.ts': "import { post } from '../ledger/index.ts';\nexport const spot = post;\n",
    });
    expect(code).toBe(1);
    expect(out).toContain(
      'import circle: ledger/post.ts -> spot/index.ts -> ledger/index.ts -> ledger/post.ts',
    );
  });
});

describe("the web app's import boundaries", () => {
  const web = {
    'ui/Button.tsx': 'export const Button = 1;\n',
    'app/paths.ts': "export const HOME_PATH = '/';\n",
    'app/useAreas.ts': 'export const useAreas = 1;\n',
    'app/areas.ts': "import { homeArea } from '../home/area.ts';\n",
    'app/App.tsx': "import { AREAS } from './areas.ts';\nimport { useAreas } from './useAreas.ts';\n",
    'home/area.ts':
      "export const homeArea = { routes: [{ path: '/' }], pages: { '/': () => import('./HomePage.tsx') } };\n",
    'market/index.ts': "export { useTickers } from './tickers.ts';\n",
    'market/tickers.ts': 'export const useTickers = 1;\n',
    'market/screens.ts': "export { QuoteList } from './QuoteList.tsx';\n",
    'market/QuoteList.tsx': "import { Button } from '../ui/Button.tsx';\nexport const QuoteList = Button;\n",
    'main.tsx': "import { refresh } from './auth/session.ts';\n",
    'auth/session.ts': 'export const refresh = 1;\n',
  };

  it("lets an area use the kernel and another's index.ts or screens.ts, and the list read the areas' area.ts", () => {
    const { code } = check(
      {
        ...web,
        'home/HomePage.tsx':
          "import { HOME_PATH } from '../app/paths.ts';\nimport { useAreas } from '../app/useAreas.ts';\nimport { useTickers } from '../market/index.ts';\nimport { QuoteList } from '../market/screens.ts';\n",
      },
      'web',
    );
    expect(code).toBe(0);
  });

  it("fails on an area reaching into another's files", () => {
    const { code, out } = check({ ...web, 'spot/BuyPage.tsx': "import '../market/market.css';\n" }, 'web');
    expect(code).toBe(1);
    expect(out).toContain(
      'spot/BuyPage.tsx imports market/market.css: another area is reached only through its index.ts or screens.ts',
    );
  });

  it("fails on the kernel importing an area, but for the list reading each area's area.ts", () => {
    const { code, out } = check(
      {
        ...web,
        'app/areas.ts':
          "import { homeArea } from '../home/area.ts';\nimport { useTickers } from '../market/index.ts';\n",
        'app/routes.ts': "import { homeArea } from '../home/area.ts';\n",
        'app/Layout.tsx': "export const page = () => import('../home/HomePage.tsx');\n",
      },
      'web',
    );
    expect(code).toBe(1);
    const rule = "the kernel never imports an area (but app/areas.ts, an area's area.ts)";
    expect(out).toContain(`app/areas.ts imports market/index.ts: ${rule}`);
    expect(out).not.toContain('app/areas.ts imports home/area.ts');
    expect(out).toContain(`app/routes.ts imports home/area.ts: ${rule}`);
    expect(out).toContain(`app/Layout.tsx imports home/HomePage.tsx: ${rule}`);
  });

  it('fails on an import circle, lazy imports included: a page importing the area list', () => {
    const { code, out } = check(
      { ...web, 'home/HomePage.tsx': "import { AREAS } from '../app/areas.ts';\n" },
      'web',
    );
    expect(code).toBe(1);
    expect(out).toContain('import circle: app/areas.ts -> home/area.ts -> home/HomePage.tsx -> app/areas.ts');
  });
});

describe("the back office's import boundaries", () => {
  const admin = {
    'ui/PageHeader.tsx': 'export const PageHeader = 1;\n',
    'texts.ts': "export const texts = { appName: 'Admin' };\n",
    'api/client.ts': 'export const request = 1;\n',
    'api/session.tsx': "import { request } from './client.ts';\nexport const useSession = request;\n",
    'app/Layout.tsx': "import { useSession } from '../api/session.tsx';\nexport const Layout = useSession;\n",
    'app/areas.ts':
      "import { authArea } from '../auth/index.ts';\nimport { usersArea } from '../users/index.ts';\nexport const AREAS = [authArea, usersArea];\n",
    'app/router.tsx': "import { AREAS } from './areas.ts';\nimport { Layout } from './Layout.tsx';\n",
    'auth/index.ts': "import { LoginPage } from './LoginPage.tsx';\nexport const authArea = LoginPage;\n",
    'auth/LoginPage.tsx':
      "import { useSession } from '../api/session.tsx';\nexport const LoginPage = useSession;\n",
    'ledger/index.ts': "export { UserLedgerLink } from './UserLedgerLink.tsx';\n",
    'ledger/UserLedgerLink.tsx': 'export const UserLedgerLink = 1;\n',
    'users/index.ts': "import { UsersPage } from './UsersPage.tsx';\nexport const usersArea = UsersPage;\n",
    'users/texts.ts': 'export const usersTexts = {};\n',
    'users/UsersPage.tsx': 'export const UsersPage = 1;\n',
    'main.tsx': "import { router } from './app/router.tsx';\n",
  };

  it("lets an area use the kernel (the session and the shell's texts too), its own texts, another's index.ts or texts.ts, and the area list their modules", () => {
    const { code } = check(
      {
        ...admin,
        'users/UsersPage.tsx':
          "import { useSession } from '../api/session.tsx';\nimport { texts } from '../texts.ts';\nimport { usersTexts } from './texts.ts';\nimport { PageHeader } from '../ui/PageHeader.tsx';\nimport { UserLedgerLink } from '../ledger/index.ts';\nimport { ledgerTexts } from '../ledger/texts.ts';\n",
        'ledger/texts.ts': 'export const ledgerTexts = {};\n',
      },
      'admin',
    );
    expect(code).toBe(0);
  });

  it("fails on an area reaching into another's files", () => {
    const { code, out } = check(
      { ...admin, 'users/UsersPage.tsx': "import { UserLedgerLink } from '../ledger/UserLedgerLink.tsx';\n" },
      'admin',
    );
    expect(code).toBe(1);
    expect(out).toContain(
      'users/UsersPage.tsx imports ledger/UserLedgerLink.tsx: another area is reached only through its index.ts',
    );
  });

  it("fails on the kernel importing an area, but for the area list: not even the shell texts an area's", () => {
    const { code, out } = check(
      {
        ...admin,
        'app/Layout.tsx': "import { UserLedgerLink } from '../ledger/index.ts';\n",
        'texts.ts': "import { usersTexts } from './users/texts.ts';\n",
      },
      'admin',
    );
    expect(code).toBe(1);
    const rule = 'the kernel never imports an area (but app/areas.ts, their index.ts)';
    expect(out).toContain(`app/Layout.tsx imports ledger/index.ts: ${rule}`);
    expect(out).toContain(`texts.ts imports users/texts.ts: ${rule}`);
  });

  it('fails on an import circle', () => {
    const { code, out } = check(
      {
        ...admin,
        'users/UsersPage.tsx': "import { AREAS } from '../app/areas.ts';\nexport const UsersPage = AREAS;\n",
      },
      'admin',
    );
    expect(code).toBe(1);
    expect(out).toContain(
      'import circle: app/areas.ts -> users/index.ts -> users/UsersPage.tsx -> app/areas.ts',
    );
  });
});
