/**
 * The list email (seed 001: /api/kits/email/email-contact-list {locationId, subject, html}): one email
 * to a store's contacts with an email address. The message is HTML, previewed as customers will see it
 * (in a sandbox: nothing in it runs); each email gets an unsubscribe link under it. Sending asks
 * first; once accepted, the modal follows the send's progress.
 */
import { useState } from 'react';
import { Button, Group, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { closeModal, confirm, IdModal } from '../../web/ui/modals';
import { useLeaveWarning } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { emailContactList, loadSends, MESSAGE_NOT_SENT } from './messenger.contract';
import { SendProgress } from './SendProgress';

export const LIST_EMAIL = 'list-email';

function ListEmailForm({ onSent }: { onSent: (sendId: number) => void }) {
  const locations = useLocationOptions();
  const form = useContractForm(emailContactList, {
    initialValues: { locationId: '', subject: '', html: '' },
    reload: [loadSends],
    onSuccess: (data) => onSent(data.sendId),
  });
  useLeaveWarning(form.unsaved);
  const store = locations.data?.locations.find((l) => String(l.id) === form.values.locationId)?.name;

  const send = async () => {
    if (!form.form.isValid()) return form.submit();
    const ok = await confirm({
      title: 'Send the list email?',
      message: `"${form.values.subject}" goes to every contact of ${store ?? 'the store'} with an email address, except those who unsubscribed.`,
      confirmLabel: 'Send the email',
    });
    if (ok) form.submit();
  };

  return (
    <Form onSubmit={() => void send()}>
      <Stack>
        <LocationSelect form={form.form} {...form.field('locationId')} description="The store whose contacts get it." />
        <TextInput data-autofocus maxLength={200} {...form.field('subject')} />
        <Tabs defaultValue="write" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="xs">
            <Textarea
              autosize
              minRows={8}
              maxRows={18}
              description="HTML. An unsubscribe link is added under it."
              {...form.field('html')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="xs">
            {/* A sandbox without scripts: the HTML is shown as a mail program would, and nothing in it runs here. */}
            <iframe
              title="Preview of the email"
              sandbox=""
              srcDoc={form.values.html}
              className="list-email-preview"
              style={{
                width: '100%',
                height: 360,
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 8,
                background: '#fff',
              }}
            />
          </Tabs.Panel>
        </Tabs>
        <ActionAlert error={form.banner} title={MESSAGE_NOT_SENT} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(LIST_EMAIL)}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconMail size={16} />} loading={form.action.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function ListEmail() {
  const [sendId, setSendId] = useState<number | null>(null);
  if (sendId === null) return <ListEmailForm onSent={setSendId} />;
  return (
    <Stack>
      <Text size="sm">The email is on its way to the store's contacts.</Text>
      <SendProgress sendId={sendId} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => closeModal(LIST_EMAIL)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** The list email modal (marketing); opened with openModal(LIST_EMAIL). */
export function ListEmailModal() {
  return (
    <IdModal id={LIST_EMAIL} title="List email" size="xl">
      <ListEmail />
    </IdModal>
  );
}
