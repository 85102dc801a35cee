/**
 * The parts of an editor that saves as it changes (`useAutosave`): how it opens, and the line saying
 * whether what is on the screen is saved.
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Text } from '@mantine/core';
import type { Callable, InputOf, OutputOf } from '../../shared/contract';
import { errorMessage } from '../api';
import { useActionQuery } from './useActionQuery';
import type { AutosaveState } from './useAutosave';

/** The address the editor opened with. */
export interface Opened {
  /** The record's id, or null for a new record. */
  id: number | null;
  clone: boolean;
  params: URLSearchParams;
}

interface OpenedEditorProps<C extends Callable, R> {
  /** The record's read, its input from the id, and the record in its reply. */
  contract: C;
  input: (id: number) => InputOf<C>;
  record: (reply: OutputOf<C>) => R;
  /** The address's parameter naming the record ("templateId"). */
  param: string;
  /** The editor's class, kept while it loads and when it fails. */
  className: string;
  /** What is edited, in words: "template". */
  noun: string;
  /** The editor, given the record (none for a new one) and the address it opened with. */
  children: (record: R | undefined, opened: Opened) => ReactNode;
}

/**
 * The editor opened from its address: `?<param>=<id>` edits that record, `&clone=true` a copy of it,
 * and without an id it starts a new one. The record is read once, as the editor opens: from then on
 * the editor holds the draft, so a later read of the same reply never resets what is being typed, and
 * the id the address gains after the first save does not open the record again.
 */
export function OpenedEditor<C extends Callable, R>(props: OpenedEditorProps<C, R>) {
  const { contract, input, record, param, className, noun, children } = props;
  const [params] = useSearchParams();
  const [opened] = useState<Opened>(() => ({
    id: Number(params.get(param)) || null,
    clone: params.get('clone') === 'true',
    params: new URLSearchParams(params),
  }));
  // Read once while open, and forgotten when the editor closes: opened again, it reads what the
  // autosaves stored, where a kept reply would bring back the record as it first opened.
  const loaded = useActionQuery(contract, input(opened.id ?? 0), {
    enabled: !!opened.id,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (opened.id && loaded.error)
    return (
      <Alert color="red" className={className} title={`This ${noun} could not be opened`}>
        {errorMessage(loaded.error)}
      </Alert>
    );
  if (opened.id && !loaded.data) return <Text className={className}>Loading the {noun}…</Text>;
  return children(loaded.data ? record(loaded.data) : undefined, opened);
}

const SAVE_STATES: Record<AutosaveState, string> = {
  idle: '',
  waiting: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'All changes saved',
  failed: 'Changes not saved',
};

/** Whether the changes are saved, read out as it changes; red when a save failed. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <Text size="sm" c={state === 'failed' ? 'red' : 'dimmed'} aria-live="polite" className="autosave-status">
      {SAVE_STATES[state]}
    </Text>
  );
}
