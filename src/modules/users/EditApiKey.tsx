import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconKey, IconRefresh } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { RecordForm } from '../../web/ui/RecordForm';
import { confirm } from '../../web/ui/modals';
import { notifySuccess } from '../../web/ui/notify';
import { useContractForm } from '../../web/ui/useContractForm';
import { loadApiKey, saveApiKey, type ApiKeySettings } from './users.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

function NewKey({ apiKey }: { apiKey: string }) {
  return (
    <Alert color="green" icon={<IconKey />} title="Your new API key" className="new-api-key">
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is shown only this once. The previous key no longer works.</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" style={{ wordBreak: 'break-all' }} aria-label="New API key">
            {apiKey}
          </Code>
          <CopyButton value={apiKey}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCopy size={14} />}
                onClick={() => {
                  copy();
                  notifySuccess('Text saved to clipboard.', 2000);
                }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function ApiKeyForm({ settings }: { settings: ApiKeySettings }) {
  const [newKey, setNewKey] = useState<string | null>(null);
  const [prefix, setPrefix] = useState(settings.keyPrefix);
  const form = useContractForm(saveApiKey, {
    initialValues: {
      label: settings.label,
      active: settings.active,
      deployNotifications: settings.deployNotifications,
      sendServiceConfirmationEmail: settings.sendServiceConfirmationEmail,
    },
    toInput: (values) => ({ ...values, regenerate: false }),
    success: 'API Key data saved.',
    onSuccess: (data) => {
      setPrefix(data.apiKey.keyPrefix);
      if (data.apiKey.apiKey) setNewKey(data.apiKey.apiKey);
    },
  });
  const save = form.action;
  const askRegenerate = async () => {
    if (
      prefix &&
      !(await confirm({
        message: 'Are you sure you want a new API key? The current key stops working at once.',
        confirmLabel: 'Generate new key',
        danger: true,
      }))
    )
      return;
    save.mutate({ ...form.values, regenerate: true });
  };
  const regenerating = save.isPending && save.variables?.regenerate === true;

  return (
    <RecordForm
      buttons="start"
      form={form}
      failTitle="The settings were not saved"
      submitLabel="Save"
      extra={
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={askRegenerate}
          disabled={save.isPending}
          loading={regenerating}
        >
          Generate new key
        </Button>
      }
    >
      {newKey && <NewKey apiKey={newKey} />}
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Text size="sm">
            Current key:{' '}
            {prefix ? (
              <Code>{prefix}…</Code>
            ) : (
              <Text span c="dimmed">
                none yet; one is issued when the key is first made active.
              </Text>
            )}
          </Text>
          <TextInput
            description="What uses this key, e.g. the website's inventory feed."
            maw={420}
            {...form.field('label')}
          />
          <Checkbox description="Requests with this key are accepted." {...form.checkbox('active')} />
          <Checkbox
            description="Send notifications when a deployment happens."
            {...form.checkbox('deployNotifications')}
          />
          <Checkbox
            description="Email customers when a service appointment is booked through the API."
            {...form.checkbox('sendServiceConfirmationEmail')}
          />
        </Stack>
      </Paper>
    </RecordForm>
  );
}

/** edit-api-key: the signed-in developer's API key settings. */
export default function EditApiKey() {
  const settings = useActionQuery(loadApiKey, {}, { staleTime: 0 });
  return (
    <div className="edit-api-key">
      <Stack maw={720}>
        <Title order={1} size="h2">
          API key
        </Title>
        {settings.isPending && (
          <Center h={200}>
            <Loader aria-label="Loading" />
          </Center>
        )}
        <ActionAlert error={settings.error} title="The settings could not be loaded" />
        {settings.data && <ApiKeyForm settings={settings.data.apiKey} />}
      </Stack>
    </div>
  );
}
