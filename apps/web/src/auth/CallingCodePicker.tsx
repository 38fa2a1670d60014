import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/useLang.ts';
import { CALLING_CODES, callingCodeOptions, searchCallingCodes } from './callingCodes.ts';

/** The calling code in front of a phone number: a button that opens a searchable list of countries. */
export function CallingCodePicker({
  region,
  onChange,
}: {
  region: string;
  onChange: (region: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="cc-btn"
        data-testid="calling-code"
        aria-haspopup="dialog"
        aria-label={t('auth.callingCode.choose')}
        onClick={() => setOpen(true)}
      >
        {region} +{CALLING_CODES[region]}
      </button>
      {open && (
        <CallingCodeList
          onPick={(picked) => {
            onChange(picked);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function CallingCodeList({ onPick, onClose }: { onPick: (region: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const options = useMemo(() => callingCodeOptions(lang), [lang]);
  const shown = searchCallingCodes(options, query);

  useEffect(() => {
    searchRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="dialog-layer">
      <div
        className="dialog cc-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('auth.callingCode.choose')}
      >
        <div className="cc-search">
          <input
            ref={searchRef}
            type="search"
            className="field-input"
            data-testid="calling-code-search"
            placeholder={t('auth.callingCode.search')}
            aria-label={t('auth.callingCode.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <ul className="cc-list">
          {shown.map((o) => (
            <li key={o.region}>
              <button
                type="button"
                className="cc-option"
                data-testid={`calling-code-${o.region}`}
                onClick={() => onPick(o.region)}
              >
                <span className="cc-name">{o.name}</span>
                <span className="cc-code">+{o.code}</span>
              </button>
            </li>
          ))}
          {shown.length === 0 && <li className="cc-empty">{t('auth.callingCode.none')}</li>}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="dialog-btn" onClick={onClose} data-testid="calling-code-close">
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
