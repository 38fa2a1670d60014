import { renderMarkdown } from '@otc/core/news/markdown';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@otc/protocol/languages';
import { newsAdminEndpoints as admin } from '@otc/protocol/news/endpoints';
import type { AdminNews, NewsKind } from '@otc/protocol/news/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/call.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { FormField } from '../ui/FormField.tsx';
import { newsTexts } from './texts.ts';
import './news.css';

const t = newsTexts.news.form;
type Text = { title: string; summary: string; body: string };
const EMPTY: Text = { title: '', summary: '', body: '' };

/** An ISO instant as a `datetime-local` value in the browser's zone. */
function localOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Writes or edits an item: a tab per language (English required; a language left without a title
 * is not saved), kind, instrument tags and publish time, with the body previewed by the same
 * renderer the server uses, so what the admin sees is what readers get.
 */
export function NewsDialog({
  item,
  onClose,
  onSaved,
}: {
  item: AdminNews | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [lang, setLang] = useState<Language>('en');
  const [kind, setKind] = useState<NewsKind>(item?.kind ?? 'news');
  const [tags, setTags] = useState(item?.tags.join(', ') ?? '');
  const [publishAt, setPublishAt] = useState(localOf(item?.publishAt ?? new Date().toISOString()));
  const [texts, setTexts] = useState<Partial<Record<Language, Text>>>(
    (item?.texts as Partial<Record<Language, Text>>) ?? {},
  );
  const [tried, setTried] = useState(false);
  const text = texts[lang] ?? EMPTY;
  const setText = (field: keyof Text) => (value: string) =>
    setTexts((all) => ({ ...all, [lang]: { ...(all[lang] ?? EMPTY), [field]: value } }));
  const save = useMutation({
    mutationFn: () =>
      call(admin.save, {
        ...(item ? { id: item.id } : {}),
        kind,
        publishAt: new Date(publishAt).toISOString(),
        tags: tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        // A language tab left without a title is not one of the item's languages.
        texts: Object.fromEntries(Object.entries(texts).filter(([, v]) => v?.title.trim())) as Partial<
          Record<Language, Text>
        >,
      }),
    onSuccess: onSaved,
  });
  const missingEnglish = tried && !texts.en?.title.trim();
  const busy = save.isPending;
  const preview = renderMarkdown(text.body);
  return (
    <FormDialog
      title={item ? t.editTitle : t.createTitle}
      hint={<p className="muted small">{t.hint}</p>}
      busy={busy}
      error={save.error}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={() => {
        setTried(true);
        if (texts.en?.title.trim() && publishAt) save.mutate();
        else setLang('en');
      }}
      onClose={onClose}
      testIds={{ dialog: 'news-dialog', submit: 'news-save' }}
    >
      <label className="field">
        <span>{t.kind}</span>
        <select
          name="kind"
          value={kind}
          disabled={busy}
          onChange={(e) => setKind(e.target.value as NewsKind)}
        >
          {(['news', 'announcement'] as const).map((k) => (
            <option key={k} value={k}>
              {newsTexts.news.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t.publishAt}</span>
        <input
          type="datetime-local"
          name="publishAt"
          value={publishAt}
          disabled={busy}
          onChange={(e) => setPublishAt(e.target.value)}
        />
      </label>
      <FormField
        label={t.tags}
        name="tags"
        value={tags}
        onChange={setTags}
        hint={t.tagsHint}
        disabled={busy}
      />
      <div className="field news-wide news-langs" role="tablist" aria-label={t.languages}>
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === lang}
            className={`btn btn-small${l === lang ? ' btn-primary' : ''}`}
            onClick={() => setLang(l)}
            data-testid={`news-lang-${l}`}
          >
            {LANGUAGE_NAMES[l]}
            {texts[l]?.title.trim() ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <FormField
        label={`${t.headline} (${LANGUAGE_NAMES[lang]})`}
        name="title"
        value={text.title}
        onChange={setText('title')}
        error={lang === 'en' && missingEnglish ? t.required : undefined}
        disabled={busy}
      />
      <FormField
        label={t.summary}
        name="summary"
        value={text.summary}
        onChange={setText('summary')}
        disabled={busy}
      />
      <FormField
        label={t.body}
        name="body"
        value={text.body}
        onChange={setText('body')}
        rows={8}
        disabled={busy}
      />
      <div className="field news-wide">
        <span>{t.preview}</span>
        {preview ? (
          <div
            className="news-preview"
            data-testid="news-preview"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: core's renderer escapes all input and writes only its own tags
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        ) : (
          <p className="muted small">{t.previewEmpty}</p>
        )}
      </div>
    </FormDialog>
  );
}
