import { LEVERAGE_CLASSES, type MyJurisdiction } from '@otc/protocol/jurisdiction/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/useSession.ts';
import { useLang } from '../i18n/useLang.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { jurisdictionApi, jurisdictionKeys } from './jurisdictionApi.ts';

/**
 * What the user's country changes (decision 0146): which country, read from what, and what is off
 * or capped there, so a refused seconds contract or a 2x cap is never a surprise.
 */
export function CountryRules() {
  const { user } = useSession();
  const mine = useQuery({
    queryKey: jurisdictionKeys.mine(user?.id ?? ''),
    queryFn: jurisdictionApi.mine,
    enabled: Boolean(user),
  });
  if (!mine.data)
    return (
      <section className="card">
        <QueryState pending={mine.isPending} error={mine.error} onRetry={() => void mine.refetch()} />
      </section>
    );
  return (
    <section className="card country-rules" data-testid="country-rules">
      <Rules mine={mine.data} />
    </section>
  );
}

function Rules({ mine }: { mine: MyJurisdiction }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (mine.country === null) return <p>{t('jurisdiction.unknown')}</p>;
  const name = countryName(mine.country, lang);
  const { profile } = mine;
  const caps = profile
    ? LEVERAGE_CLASSES.filter((c) => profile.leverageCaps[c] !== undefined).map((c) =>
        t('jurisdiction.cap', { what: t(`jurisdiction.classes.${c}`), cap: profile.leverageCaps[c] }),
      )
    : [];
  return (
    <>
      <p className="country-rules-country" data-testid="country-rules-country">
        {t('jurisdiction.country', { country: name })}
        <span className="country-rules-source"> · {t(`jurisdiction.source.${mine.source ?? 'phone'}`)}</span>
      </p>
      {!profile && <p>{t('jurisdiction.standard')}</p>}
      {profile && (
        <ul className="country-rules-list" data-testid="country-rules-list">
          {!profile.secondsAllowed && <li>{t('jurisdiction.secondsOff')}</li>}
          {!profile.cfdBonuses && <li>{t('jurisdiction.bonusesOff')}</li>}
          {caps.length > 0 && <li>{t('jurisdiction.caps', { caps: caps.join(', ') })}</li>}
        </ul>
      )}
    </>
  );
}

/** The country's name in the reader's language (the code where the browser cannot name it). */
function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
