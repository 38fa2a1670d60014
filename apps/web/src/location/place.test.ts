import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries.ts';
import { chooseHref, geoLink, placeLine, safeReturn, searchCountries } from './place.ts';

const labels = (lang: string, query: string) =>
  searchCountries(countryOptions(lang), query, lang).map((o) => o.label);

describe('the location pages’ pure parts', () => {
  it('find a country by its name in the reader’s language, whatever the case and accents', () => {
    expect(labels('de', 'deutsch')).toEqual(['Deutschland']);
    expect(labels('en', 'germ')).toEqual(['Germany']);
    expect(labels('fr', 'ALLEMAGNE')).toEqual(['Allemagne']);
    // Accents set aside both ways: "Österreich" by "osterr", "São Tomé" by "sao tome".
    expect(labels('de', 'osterr')).toEqual(['Österreich']);
    expect(labels('pt', 'sao tome')).toEqual(['São Tomé e Príncipe']);
    expect(labels('ja', 'ドイツ')).toEqual(['ドイツ']);
    // By its code too, and everything when nothing is typed.
    expect(searchCountries(countryOptions('en'), 'de', 'en').map((o) => o.value)).toContain('DE');
    expect(labels('en', '  ').length).toBe(countryOptions('en').length);
    expect(labels('en', 'zzzz')).toEqual([]);
  });

  it('write a place as one line, the city first, the empty parts left out', () => {
    expect(placeLine({ country: 'FR', region: 'Auvergne-Rhône-Alpes', city: 'Lyon' }, 'France')).toBe(
      'Lyon, Auvergne-Rhône-Alpes, France',
    );
    expect(placeLine({ country: 'DE', region: ' ', city: 'Berlin ' }, 'Deutschland')).toBe(
      'Berlin, Deutschland',
    );
    expect(placeLine({ country: 'JP', region: '', city: '' }, '日本')).toBe('日本');
  });

  it('open an address in the phone’s maps app with a geo link, the address encoded', () => {
    expect(geoLink(' Hauptstraße 5, 10115 Berlin ')).toBe(
      'geo:0,0?q=Hauptstra%C3%9Fe%205%2C%2010115%20Berlin',
    );
    expect(geoLink('1 & 2 #3?')).toBe('geo:0,0?q=1%20%26%202%20%233%3F');
  });

  it('send the reader back only to a path of the app', () => {
    const href = chooseHref('/pages/assets/auth?form=advanced', 'homeAddress');
    const params = new URLSearchParams(href.split('?').slice(1).join('?'));
    expect(href.startsWith('/choose-location?')).toBe(true);
    expect([params.get('returnTo'), params.get('field')]).toEqual([
      '/pages/assets/auth?form=advanced',
      'homeAddress',
    ]);
    expect(safeReturn('/pages/assets/auth?form=advanced')).toBe('/pages/assets/auth?form=advanced');
    for (const bad of ['//evil.example', 'https://evil.example', 'javascript:alert(1)', null])
      expect(safeReturn(bad)).toBeNull();
  });
});
