import { describe, expect, it } from 'vitest';

/**
 * One form of address per language (docs/decisions/0053-register-and-compact-numbers.md): the words of the other
 * register must not appear in that language's strings. Only languages where the other register
 * has words of its own are checked; the Asian languages mark politeness by verb endings instead.
 */
const OTHER_REGISTER: Record<string, { chosen: string; words: RegExp }> = {
  // Sie, as Binance DE: du and its forms are the other register.
  de: { chosen: 'Sie', words: /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure)\b/giu },
  fr: { chosen: 'vous', words: /(?<![\p{L}'])(tu|toi|ton|ta|tes|te|t')(?![\p{L}])/giu },
  // tú, as the rest of the file: usted and its imperatives are the other register.
  es: {
    chosen: 'tú',
    words:
      /(?<!\p{L})(usted|ustedes|introduzca|compruebe|inténtelo|seleccione|confirme|póngase|diríjase|ingrese)(?!\p{L})/giu,
  },
  it: {
    chosen: 'tu',
    words: /(?<!\p{L})(Lei|Suo|Sua|Suoi|Sue|inserisca|verifichi|riprovi|acceda|La preghiamo)(?!\p{L})/gu,
  },
  pt: { chosen: 'você', words: /(?<!\p{L})(tu|teu|tua|teus|tuas|contigo)(?!\p{L})/giu },
  ru: { chosen: 'вы', words: /(?<!\p{L})(ты|твой|твоя|твои|твоё|твоего|твоей|тебя|тебе|тобой)(?!\p{L})/giu },
};

const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

function otherRegister(lang: string, text: string): string[] {
  const rule = OTHER_REGISTER[lang];
  return rule ? [...text.matchAll(rule.words)].map((m) => m[0]) : [];
}

describe('one register per language', () => {
  it('finds the other register in a mixed sentence, so the check below can fail', () => {
    expect(otherRegister('de', 'Prüfen Sie Ihre Verbindung und melde dich erneut an.')).toEqual(['dich']);
    expect(otherRegister('de', 'Bitte gib dein Passwort ein')).toEqual(['dein']);
    expect(otherRegister('fr', 'Vérifiez votre connexion, puis reconnecte-toi et entre ton code.')).toEqual([
      'toi',
      'ton',
    ]);
    expect(otherRegister('es', 'Introduzca su contraseña')).toEqual(['Introduzca']);
    expect(otherRegister('ru', 'Проверь твой пароль')).toEqual(['твой']);
    expect(otherRegister('de', 'Bitte geben Sie Ihr Passwort ein')).toEqual([]);
    expect(otherRegister('fr', "Saisissez l'adresse, puis validez")).toEqual([]);
  });

  for (const lang of Object.keys(OTHER_REGISTER)) {
    it(`${lang} addresses the reader as "${OTHER_REGISTER[lang]?.chosen}" only`, () => {
      const bundle = files[`./locales/${lang}.json`];
      const mixed = strings(bundle)
        .map(([key, text]) => ({ key, words: otherRegister(lang, text) }))
        .filter((s) => s.words.length > 0);
      expect(mixed).toEqual([]);
    });
  }
});
