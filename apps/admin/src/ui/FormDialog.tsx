import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { texts } from '../texts.ts';
import { ErrorAlert } from './Alert.tsx';

interface FormDialogProps {
  title: string;
  /** Under the title: what the form changes, what the record is. */
  hint?: ReactNode;
  /** The fields, laid out in the form's grid. */
  children: ReactNode;
  /** While the save is on its way: every button waits, Esc does not close. */
  busy: boolean;
  /** The save's failure, or null: shown here, the one place the dialog shows one. */
  error: unknown;
  /** A word about the last submit that is not an error ("nothing changed"), or nothing. */
  status?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  testIds: { dialog: string; submit: string; form?: string; cancel?: string };
}

/** A modal edit form (native <dialog>): its title, fields, the save's error and Cancel / Save. */
export function FormDialog(props: FormDialogProps) {
  const { busy, onClose, testIds } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) props.onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      aria-labelledby={titleId}
      data-testid={testIds.dialog}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate data-testid={testIds.form}>
        <h2 id={titleId}>{props.title}</h2>
        {props.hint}
        <div className="form-grid">{props.children}</div>
        {props.error != null && <ErrorAlert error={props.error} />}
        {props.status && (
          <p className="muted small section-hint" role="status">
            {props.status}
          </p>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            className="btn"
            onClick={onClose}
            disabled={busy}
            data-testid={testIds.cancel}
          >
            {texts.common.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid={testIds.submit}>
            {busy ? props.busyLabel : props.submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
