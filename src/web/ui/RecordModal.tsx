import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { errorMessage, isActionError } from '../api';
import { closeModal, IdModal, showAlert } from './modals';

interface RecordModalProps<R> {
  id: string;
  title: ReactNode;
  /** Identifies the record; each opening loads it afresh. */
  recordKey: unknown[];
  load: () => Promise<R>;
  size?: string;
  children: (record: R) => ReactNode;
}

/**
 * A modal's record is read by the loader it is given (one action or several), so it is keyed by the
 * modal's id rather than by a contract: this reloads the record of the modal open, after a step taken in it.
 */
export function reloadModalRecord(queryClient: QueryClient, id: string) {
  return queryClient.invalidateQueries({ queryKey: ['record', id] });
}

/** A modal that loads one record before showing it; a failed load alerts and closes (seed 000, section 4). */
export function RecordModal<R>({ id, title, recordKey, load, size = 'lg', children }: RecordModalProps<R>) {
  return (
    <IdModal id={id} title={title} size={size}>
      <RecordBody id={id} recordKey={recordKey} load={load}>
        {children}
      </RecordBody>
    </IdModal>
  );
}

// Mounted only while the modal is open, so every opening is a fresh load.
function RecordBody<R>({
  id,
  recordKey,
  load,
  children,
}: Pick<RecordModalProps<R>, 'id' | 'recordKey' | 'load' | 'children'>) {
  const query = useQuery({
    queryKey: ['record', id, ...recordKey],
    queryFn: load,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (!query.isError) return;
    closeModal(id);
    const error = query.error;
    if (!(isActionError(error) && (error.network || error.status === 401)))
      showAlert(errorMessage(error), 'This record could not be loaded');
  }, [id, query.isError, query.error]);
  if (!query.data)
    return (
      <Center h={160}>
        <Loader aria-label="Loading" />
      </Center>
    );
  return <>{children(query.data)}</>;
}
