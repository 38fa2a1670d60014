import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { cache } from './api/storage.ts';
import { App } from './app/App.tsx';
import { preloadFirstPage } from './app/preloadPage.ts';
import { refreshUser } from './auth/sessionActions.ts';
import { initI18n, loadAllStrings } from './i18n/i18n.ts';
import './app/app.css';
import './ui/ui.css';

async function start() {
  cache.purgeExpired();
  preloadFirstPage(window.location.hash);
  // The device's name for the sessions list, stored once the first screen is on its way (it is
  // sent with a sign-in, which a person's tap comes long after).
  void import('./api/phoneInfo.ts')
    .then(({ writePhoneInfo }) => writePhoneInfo(localStorage, navigator))
    .catch(() => {
      // Storage refused (private mode): the device info is a nicety.
    });
  await initI18n();
  void refreshUser();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = createRoot(root);
  // As a transition React yields to the browser every few milliseconds while it draws the first
  // screen, instead of one long task (issue 13: Lighthouse's blocking time on a phone).
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // Once home has shown, fetch the strings of the other pages, so going there waits for nothing.
  const fetchRest = () => void loadAllStrings().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(fetchRest, { timeout: 3000 });
  else setTimeout(fetchRest, 1000);
}

void start();
