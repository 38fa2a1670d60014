import { jurisdictionAdminEndpoints as admin } from '@otc/protocol/jurisdiction/endpoints';
import { type JurisdictionProfile, LEVERAGE_CLASSES } from '@otc/protocol/jurisdiction/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { capValues, parseCaps, parseCloseOut } from './profileForm.ts';
import { jurisdictionTexts } from './texts.ts';

const t = jurisdictionTexts.jurisdiction;

/** Adds a country's profile or edits one: seconds contracts, bonuses, a cap per ESMA class. */
export function ProfileDialog({
  profile,
  onClose,
  onSaved,
}: {
  profile: JurisdictionProfile | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [country, setCountry] = useState(profile?.country ?? '');
  const [secondsAllowed, setSecondsAllowed] = useState(profile?.secondsAllowed ?? true);
  const [cfdBonuses, setCfdBonuses] = useState(profile?.cfdBonuses ?? true);
  const [caps, setCaps] = useState(() => capValues(profile));
  const [closeOut, setCloseOut] = useState(profile?.closeOutLevel ?? '');
  const closeOutLevel = parseCloseOut(closeOut);
  const [tried, setTried] = useState(false);
  const parsed = parseCaps(caps);
  const countryOk = /^[A-Za-z]{2}$/.test(country.trim());
  const save = useMutation({
    mutationFn: (body: JurisdictionProfile) => call(admin.save, body),
    onSuccess: () => onSaved(),
  });
  return (
    <FormDialog
      title={profile ? t.form.titleEdit(profile.country) : t.form.titleNew}
      hint={<p className="muted small section-hint">{t.form.hint}</p>}
      busy={save.isPending}
      error={save.error}
      submitLabel={t.form.save}
      busyLabel={t.form.saving}
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!countryOk || !('caps' in parsed) || closeOutLevel === 'wrong') return;
        save.mutate({
          country: country.trim().toUpperCase(),
          secondsAllowed,
          leverageCaps: parsed.caps,
          cfdBonuses,
          closeOutLevel,
        });
      }}
      testIds={{
        dialog: 'jurisdiction-dialog',
        form: 'jurisdiction-form',
        cancel: 'jurisdiction-cancel',
        submit: 'jurisdiction-save',
      }}
    >
      <FormField
        label={t.form.country}
        name="country"
        value={country}
        onChange={setCountry}
        inputMode="text"
        readOnly={profile !== null}
        error={tried && !countryOk ? t.form.countryError : undefined}
        disabled={save.isPending}
      />
      <label className="field-inline">
        <input
          type="checkbox"
          checked={secondsAllowed}
          onChange={(e) => setSecondsAllowed(e.target.checked)}
          disabled={save.isPending}
          data-testid="jurisdiction-seconds"
        />{' '}
        {t.form.secondsAllowed}
      </label>
      <label className="field-inline">
        <input
          type="checkbox"
          checked={cfdBonuses}
          onChange={(e) => setCfdBonuses(e.target.checked)}
          disabled={save.isPending}
          data-testid="jurisdiction-bonuses"
        />{' '}
        {t.form.cfdBonuses}
      </label>
      <FormField
        label={t.form.closeOut}
        name="closeOut"
        value={closeOut}
        onChange={setCloseOut}
        inputMode="decimal"
        hint={t.form.closeOutHint}
        error={tried && closeOutLevel === 'wrong' ? t.form.closeOutError : undefined}
        disabled={save.isPending}
      />
      {LEVERAGE_CLASSES.map((c) => (
        <FormField
          key={c}
          label={t.classes[c]}
          name={`cap-${c}`}
          value={caps[c]}
          inputMode="numeric"
          onChange={(value) => setCaps((all) => ({ ...all, [c]: value }))}
          error={tried && 'wrong' in parsed && parsed.wrong.includes(c) ? t.form.capError : undefined}
          disabled={save.isPending}
        />
      ))}
    </FormDialog>
  );
}
