import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../app/paths.ts';
import { Button } from '../ui/Button.tsx';
import { copyText } from '../ui/copyText.ts';
import { Icon } from '../ui/Icon.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { toast } from '../ui/toast.ts';
import './auth.css';

/** PRODUCT.md "No-wallet page": how to open this site in a wallet app's browser. */
export default function NoWalletPage() {
  const { t } = useTranslation();
  const siteUrl = window.location.href.split('#')[0] ?? window.location.href;

  const copy = async () => {
    toast((await copyText(siteUrl)) ? t('common.copied') : t('common.copyFailed'));
  };

  return (
    <div className="page-pad">
      <section className="card no-wallet">
        <div className="empty-state-icon">
          <Icon name="wallet" size={34} />
        </div>
        <h2 className="no-wallet-heading" data-testid="page-title">
          {t('auth.noWallet.heading')}
        </h2>
        <p className="no-wallet-intro">{t('auth.noWallet.intro')}</p>
        <ol className="no-wallet-steps">
          <li>{t('auth.noWallet.step1')}</li>
          <li>{t('auth.noWallet.step2')}</li>
          <li>{t('auth.noWallet.step3')}</li>
        </ol>
        <p className="field-label">{t('auth.noWallet.urlLabel')}</p>
        {/* A wallet app on another phone scans this instead of typing the address. */}
        <QrCode text={siteUrl} label={t('auth.noWallet.qr', { url: siteUrl })} testId="site-qr" />
        <div className="url-box" data-testid="site-url">
          {siteUrl}
        </div>
        <Button block onClick={() => void copy()} data-testid="copy-url">
          <Icon name="copy" size={18} /> {t('auth.noWallet.copy')}
        </Button>
      </section>
      <p className="auth-switch">
        <Link to={LOGIN_PATH}>{t('auth.noWallet.useAccount')}</Link>
      </p>
    </div>
  );
}
