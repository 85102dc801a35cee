import { useState } from 'react';
import { Alert, Badge, Button, CopyButton, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { LocationSelect } from '../../web/options/LocationSelect';
import { countText } from '../../web/ui/PagedList';
import { formatDateTime } from '../../shared/format';
import { checkList, verifyPhoneNumbers } from './messenger.contract';
import type { OutputOf } from '../../shared/contract';

/**
 * SMS list cleaning (seed 001; URL and layout ours, docs/messenger.md): numbers pasted from anywhere
 * come back as the list a text reaches (E.164, each once, ready to copy into a mass text), with the
 * others and why; with a store chosen, each number is also checked against its contacts and texts.
 */
export default function ListCleaning() {
  const [clean, setClean] = useState<OutputOf<typeof verifyPhoneNumbers> | null>(null);
  const [checked, setChecked] = useState<OutputOf<typeof checkList> | null>(null);
  const verify = useContractForm(verifyPhoneNumbers, {
    initialValues: { numbers: '' },
    onSuccess: (data) => setClean(data),
  });
  const check = useContractForm(checkList, {
    initialValues: { numbers: '', locationId: '' },
    onSuccess: (data) => setChecked(data),
  });

  return (
    <div className="sms-list-cleaning">
      <Title order={1} mb="md">
        SMS list cleaning
      </Title>
      <Stack maw={760}>
        <RecordForm form={verify} failTitle="The list was not cleaned" submitLabel="Clean the list" buttons="start">
          <Textarea
            {...verify.field('numbers')}
            autosize
            minRows={6}
            maxRows={16}
            description="One per line, or separated by commas"
            data-autofocus
          />
        </RecordForm>
        {clean && (
          <Stack>
            <Group justify="space-between">
              <Title order={2} size="h4">
                {countText(clean.clean.length, ['number a text reaches', 'numbers a text reaches'])}
                {clean.duplicates ? ` (${countText(clean.duplicates, ['duplicate', 'duplicates'])} removed)` : ''}
              </Title>
              <CopyButton value={clean.clean.join('\n')}>
                {({ copied, copy }) => (
                  <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy the clean list'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Textarea label="Clean list" readOnly autosize minRows={3} maxRows={10} value={clean.clean.join('\n')} />
            {clean.rejected.length > 0 && (
              <Alert color="orange" title={`${countText(clean.rejected.length, ['number', 'numbers'])} left out`}>
                <Table aria-label="Numbers left out" withRowBorders={false}>
                  <Table.Tbody>
                    {clean.rejected.map((r, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{r.number}</Table.Td>
                        <Table.Td>{r.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Alert>
            )}
          </Stack>
        )}
        <Title order={2} size="h3" mt="lg">
          Check a list against a store
        </Title>
        <RecordForm form={check} failTitle="The list was not checked" submitLabel="Check" buttons="start">
          <LocationSelect form={check.form} {...check.field('locationId')} />
          <Textarea
            {...check.field('numbers')}
            autosize
            minRows={4}
            maxRows={12}
            description="One per line, or separated by commas"
          />
        </RecordForm>
        {checked && (
          <Stack>
            <Text>
              {countText(checked.reachableCount, ['number a text reaches', 'numbers a text reaches'])};{' '}
              {countText(checked.contactCount, ['is a contact', 'are contacts'])} of the store.
            </Text>
            <Table aria-label="Numbers checked" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Texts</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Last text</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checked.rows.map((r, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{r.number}</Table.Td>
                    <Table.Td>
                      {r.reachable ? (
                        <Badge color="green" variant="light">
                          Reaches
                        </Badge>
                      ) : (
                        <Text size="sm" c="orange.9">
                          {r.reason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{r.contactName ?? '—'}</Table.Td>
                    <Table.Td>{r.lastTextAt ? formatDateTime(r.lastTextAt) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </div>
  );
}
