import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { putChoice } from './choice.ts';
import { countryOptions } from './countries.ts';
import { placeLine, safeReturn, searchCountries } from './place.ts';
import './location.css';

/**
 * A country (searchable, named in the reader's language by the browser), a region and a city
 * (typed: no dataset of the world's places is shipped, decision 0130), given back as one line to
 * the form that opened the page (`returnTo`, `field`), which reads it once it is back.
 */
export default function ChooseLocationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturn(params.get('returnTo'));
  const field = params.get('field') ?? '';
  const all = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const [query, setQuery] = useState('');
  const [country, setCountry] = useState('');
  const [region, setRegion] = useState('');
  const [city, setCity] = useState('');
  const [error, setError] = useState<string>();
  const found = useMemo(() => searchCountries(all, query, i18n.language), [all, query, i18n.language]);
  // The chosen country stays offered while the search narrows the others away.
  const shown =
    country && !found.some((o) => o.value === country)
      ? [...all.filter((o) => o.value === country), ...found]
      : found;
  const name = all.find((o) => o.value === country)?.label ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!country) return setError(t('location.choose.countryRequired'));
    const line = placeLine({ country, region, city }, name);
    if (returnTo && field) {
      putChoice(field, line);
      navigate(returnTo, { replace: true });
    } else navigate(`/open-location?${new URLSearchParams({ address: line }).toString()}`);
  };

  return (
    <div className="page-pad">
      <form className="card stack" onSubmit={onSubmit} noValidate data-testid="location-choose">
        <p className="location-hint">{t('location.choose.hint')}</p>
        <Field
          label={t('location.choose.search')}
          name="countrySearch"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField
          label={t('location.choose.country')}
          name="country"
          value={country}
          onChange={(e) => {
            setCountry(e.target.value);
            setError(undefined);
          }}
          options={[{ value: '', label: t('location.choose.pick') }, ...shown]}
          error={error}
        />
        <Field
          label={t('location.choose.region')}
          name="region"
          autoComplete="address-level1"
          maxLength={100}
          value={region}
          onChange={(e) => setRegion(e.target.value)}
        />
        <Field
          label={t('location.choose.city')}
          name="city"
          autoComplete="address-level2"
          maxLength={100}
          value={city}
          onChange={(e) => setCity(e.target.value)}
        />
        {country && (
          <p className="location-line" data-testid="location-line">
            {placeLine({ country, region, city }, name)}
          </p>
        )}
        <Button type="submit" block data-testid="location-use">
          {t(returnTo ? 'location.choose.use' : 'location.choose.show')}
        </Button>
      </form>
    </div>
  );
}
