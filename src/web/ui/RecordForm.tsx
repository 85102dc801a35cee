import { useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { ActionAlert } from './ActionAlert';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Callable, Contract, InputOf } from '../../shared/contract';
import { Form } from './Form';
import { closeModal, confirm, IdModal, openModal } from './modals';
import type { PopoutItem } from './PopoutMenu';
import { RecordModal } from './RecordModal';
import { useAction } from './useAction';
import { useUndoableDelete } from './useUndoableDelete';

interface RecordFormProps {
  form: { submit: () => void; banner: string | null; action: { isPending: boolean }; unsaved: () => boolean };
  /** The banner's title when the form fails: "The job code was not saved". */
  failTitle: string;
  submitLabel: string;
  onCancel?: () => void;
  /** Seed 000, section 5: Enter submits only on sign-in, two-factor and searches. */
  submitOnEnter?: boolean;
  /** For a user who may look but not change: no buttons. */
  readOnly?: boolean;
  /** Beside the buttons (a delete button, a hint). */
  extra?: ReactNode;
  /**
   * `start` on a page (submit first, at the left, clear of the floating Back to top button);
   * `end` in a modal (Cancel, then submit, at the right).
   */
  buttons?: 'start' | 'end';
  children: ReactNode;
}

/**
 * Leaving a form with changes not saved asks first: another screen of the app (a link, Back) with a
 * confirmation, closing the tab or reloading with the browser's own question.
 */
export function useLeaveWarning(unsaved: () => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: 'Leave without saving?',
      message: 'Your changes to this form are not saved. Leave them, or stay to save them.',
      confirmLabel: 'Leave',
      cancelLabel: 'Stay',
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/** A form's frame: its fields, the banner with its first error, and Cancel and submit. */
export function RecordForm({
  form,
  failTitle,
  submitLabel,
  onCancel,
  submitOnEnter,
  readOnly,
  extra,
  buttons = 'end',
  children,
}: RecordFormProps) {
  useLeaveWarning(form.unsaved);
  const submit = (
    <Button type="submit" loading={form.action.isPending}>
      {submitLabel}
    </Button>
  );
  const cancel = onCancel && (
    <Button variant="default" onClick={onCancel}>
      Cancel
    </Button>
  );
  return (
    <Form onSubmit={() => form.submit()} submitOnEnter={submitOnEnter}>
      <Stack>
        {children}
        <ActionAlert error={form.banner} title={failTitle} />
        {!readOnly &&
          (buttons === 'end' ? (
            <Group justify="flex-end">
              {extra}
              {cancel}
              {submit}
            </Group>
          ) : (
            <Group>
              {submit}
              {cancel}
              {extra}
            </Group>
          ))}
      </Stack>
    </Form>
  );
}

interface RecordModalOptions<K, R> {
  /** The spec's modal name (edit-…, update-stock). */
  id: string;
  title: (key: K) => ReactNode;
  /** Loads the record each time its modal opens. */
  load: (key: K) => Promise<R>;
  /** The form for the loaded record; `done` closes the modal. */
  form: (record: R, done: () => void) => ReactNode;
  size?: string;
}

/**
 * A modal for one record: `open(key)` opens it, `modal` renders it. It loads the record afresh on
 * every opening (seed 000, section 4).
 */
export function useRecordModal<K, R>({ id, title, load, form, size = 'lg' }: RecordModalOptions<K, R>) {
  const [key, setKey] = useState<K | null>(null);
  const modal = key !== null && (
    <RecordModal id={id} title={title(key)} size={size} recordKey={[key]} load={() => load(key)}>
      {(record) => form(record, () => closeModal(id))}
    </RecordModal>
  );
  return {
    open: (next: K) => {
      setKey(next);
      openModal(id);
    },
    modal,
  };
}

interface RecordModalsOptions<K, R> {
  /** The spec's modal names: add-… and edit-…. */
  addId: string;
  editId: string;
  addTitle: string;
  editTitle: (key: K) => ReactNode;
  /** Loads the record each time its modal opens. */
  load: (key: K) => Promise<R>;
  /** The form, for a new record (none) or a loaded one; `done` closes its modal. */
  form: (record: R | undefined, done: () => void) => ReactNode;
  size?: string;
}

/** The add and edit modals of a list with records: `add()` and `edit(key)` open them, `modals` renders them. */
export function useRecordModals<K, R>({
  addId,
  editId,
  addTitle,
  editTitle,
  load,
  form,
  size = 'lg',
}: RecordModalsOptions<K, R>) {
  const edit = useRecordModal({ id: editId, title: editTitle, load, form, size });
  const modals = (
    <>
      <IdModal id={addId} title={addTitle} size={size}>
        {form(undefined, () => closeModal(addId))}
      </IdModal>
      {edit.modal}
    </>
  );
  return { add: () => openModal(addId), edit: edit.open, modals };
}

interface DeleteOptions<C extends Contract, Row> {
  /** The question asked first, naming the record. */
  question: (row: Row) => string;
  input: (row: Row) => InputOf<C>;
  success: string;
  successMs?: number;
  /** The actions whose replies reload after a delete: the list's own contract at least. */
  reload: readonly Callable[];
  /**
   * The row goes at once and the success notice offers Undo; the delete is sent when the notice
   * ends, or at once when the user leaves the screen or the page (`useUndoableDelete`, decision 040).
   * For lists whose rows show all the delete changes: where it changes more on the screen (a plan's
   * summary), leave it out and the delete is sent at once.
   */
  undoable?: boolean;
}

/** A list's row menu: Edit (for records that have an edit modal), and Delete after a confirmation. */
export function useRowActions<C extends Contract, Row>(
  remove: C,
  options: DeleteOptions<C, Row> & { edit?: (row: Row) => void },
) {
  const { question, input, edit, undoable, ...actionOptions } = options;
  const deletion = useAction(remove, { ...actionOptions, errors: 'alert' });
  const removeWithUndo = useUndoableDelete(remove, {
    input,
    notice: options.success,
    noticeMs: options.successMs,
    reload: options.reload,
  });
  return (row: Row): PopoutItem[] => [
    ...(edit ? [{ label: 'Edit', icon: <IconEdit size={16} />, onClick: () => edit(row) }] : []),
    {
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: () =>
        void confirm({ message: question(row), confirmLabel: 'Delete', danger: true }).then(
          (yes) => yes && (undoable ? removeWithUndo(row) : deletion.mutate(input(row))),
        ),
    },
  ];
}
