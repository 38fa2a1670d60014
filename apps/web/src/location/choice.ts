/**
 * The way back from `/choose-location` to the form that opened it: the chosen line for one field,
 * and the form's draft kept while the reader is away, in this tab's session storage (a page reload
 * keeps them; nothing outlives the tab, nothing lives in a module-wide variable).
 */
const key = (name: string) => `location.${name}`;

// Read without removing: a render may run twice (React's strict mode); `forget` clears after mount.
function read<T>(name: string): T | null {
  try {
    const raw = sessionStorage.getItem(key(name));
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function remove(name: string) {
  try {
    sessionStorage.removeItem(key(name));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

function write(name: string, value: unknown) {
  try {
    sessionStorage.setItem(key(name), JSON.stringify(value));
  } catch {
    // Storage unavailable: the form simply opens as new.
  }
}

/** Keeps a form's draft while the reader chooses a place; `keptDraft` gives it back. */
export const keepDraft = (form: string, draft: Record<string, string>) => write(`draft.${form}`, draft);
export const keptDraft = (form: string) => read<Record<string, string>>(`draft.${form}`);

/** The place chosen for one field, as one line; `chosen` gives it back. */
export const putChoice = (field: string, line: string) => write(`choice.${field}`, line);
export const chosen = (field: string) => read<string>(`choice.${field}`);

/** Once the form has taken them back: its draft and its fields' choices are gone. */
export function forget(form: string, fields: readonly string[]) {
  remove(`draft.${form}`);
  for (const field of fields) remove(`choice.${field}`);
}
