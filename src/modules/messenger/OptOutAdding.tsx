import { useState } from 'react';
import { Alert, Checkbox, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { countText } from '../../web/ui/PagedList';
import { OPT_OUTS_ADDED, optOutNumbers } from './messenger.contract';
import type { OutputOf } from '../../shared/contract';

/**
 * Opt-out adding (seed 001; URL and layout ours, docs/messenger.md): numbers whose owners asked, by
 * phone or in person, not to be texted or called. The list is the group's (decision 005): no store
 * texts or calls them until they text START.
 */
export default function OptOutAdding() {
  const [result, setResult] = useState<OutputOf<typeof optOutNumbers> | null>(null);
  const form = useContractForm(optOutNumbers, {
    initialValues: { numbers: '', confirm: false },
    success: OPT_OUTS_ADDED,
    onSuccess: (data) => {
      setResult(data);
      form.form.reset();
    },
  });
  return (
    <div className="opt-out-adding">
      <Title order={1} mb="md">
        Add to the opt-out list
      </Title>
      <Stack maw={640}>
        <Text c="dimmed">
          No store of the group will text or call these numbers again, for marketing or otherwise, until the customer
          texts START.
        </Text>
        <RecordForm
          form={form}
          failTitle="The numbers were not added"
          submitLabel="Add to the opt-out list"
          buttons="start"
        >
          <Textarea
            {...form.field('numbers')}
            autosize
            minRows={5}
            maxRows={14}
            description="One per line, or separated by commas"
            data-autofocus
          />
          <Checkbox {...form.checkbox('confirm')} label="These customers asked not to be texted or called" />
        </RecordForm>
        {result && (
          <Alert
            color={result.rejected.length ? 'orange' : 'green'}
            title={`${countText(result.added, ['number added', 'numbers added'])}${result.already ? `; ${countText(result.already, ['was', 'were'])} on the list already` : ''}`}
          >
            {result.rejected.length > 0 && (
              <List size="sm">
                {result.rejected.map((r, i) => (
                  <List.Item key={i}>
                    {r.number}: {r.reason}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </div>
  );
}
