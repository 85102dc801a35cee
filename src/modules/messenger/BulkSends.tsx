import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { IconMail, IconPhoneOutgoing, IconSpeakerphone } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { IdModal, openModal } from '../../web/ui/modals';
import { formatDateTime } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import { loadSends, sendColumns } from './messenger.contract';
import { MASS_CALL, MASS_TEXT, MassCallModal, MassTextModal } from './MassTextModal';
import { LIST_EMAIL, ListEmailModal } from './ListEmailModal';
import { SendProgress, stateColors } from './SendProgress';

type Row = RowOf<typeof loadSends>;

const SEND_PROGRESS = 'send-progress';

/** bulk-sends: every mass text, mass call and list email within reach, newest first; a send opens on its progress. */
export default function BulkSends() {
  const [open, setOpen] = useState<Row | null>(null);

  return (
    <ListScreen
      className="bulk-sends"
      title="Bulk sends"
      action={loadSends}
      noun={['bulk send', 'bulk sends']}
      columns={sendColumns}
      filters={[{ name: 'locationId', kind: 'location' }]}
      updateUrl
      rowKey={(row) => row.sendId}
      rowLabel={(row) => `${row.kindLabel} of ${formatDateTime(row.createdAt)}`}
      onRowClick={(row) => {
        setOpen(row);
        openModal(SEND_PROGRESS);
      }}
      emptyText="No bulk sends yet. A mass text, mass call or list email shows here with its progress."
      cells={{
        body: (row) => (
          <Text size="sm" lineClamp={2} maw={360}>
            {row.body}
          </Text>
        ),
        stateLabel: (row) => (
          <Badge variant="light" color={stateColors[row.state]}>
            {row.stateLabel}
          </Badge>
        ),
        createdBy: (row) => row.createdBy ?? '',
      }}
      toolbar={
        <>
          <Button leftSection={<IconSpeakerphone size={16} />} onClick={() => openModal(MASS_TEXT)}>
            Mass text
          </Button>
          <Button variant="default" leftSection={<IconPhoneOutgoing size={16} />} onClick={() => openModal(MASS_CALL)}>
            Mass call
          </Button>
          <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => openModal(LIST_EMAIL)}>
            List email
          </Button>
        </>
      }
    >
      <IdModal id={SEND_PROGRESS} title={open ? `${open.kindLabel} from ${open.locationName}` : 'Bulk send'} size="xl">
        {open && <SendProgress sendId={open.sendId} heading={false} />}
      </IdModal>
      <MassTextModal />
      <MassCallModal />
      <ListEmailModal />
    </ListScreen>
  );
}
