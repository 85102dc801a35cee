import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callAction, errorMessage } from '../../web/api';
import { notify } from '../../web/ui/notify';
import { convertHtml, GMAIL_CLIP_BYTES } from './email-builder.contract';

type Outcome = { state: 'compiling' } | { state: 'done'; filesize: number } | { state: 'failed'; error: string };

/**
 * email-compiler (`?templateId=1,2,3`): each email shows Compiling, then its success or its error in
 * place with a popup (seed 001, section 4); a note says when all are done.
 */
export default function EmailCompiler() {
  const [params] = useSearchParams();
  const ids = (params.get('templateId') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const key = ids.join(',');
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  useEffect(() => {
    const list = key.split(',').map(Number).filter(Boolean);
    setOutcomes(Object.fromEntries(list.map((id) => [id, { state: 'compiling' }])));
    // One after another: each compile is a few hundred kilobytes of work for the server.
    void (async () => {
      for (const templateId of list) {
        try {
          const { filesize } = await callAction(convertHtml, { templateId });
          setOutcomes((o) => ({ ...o, [templateId]: { state: 'done', filesize } }));
        } catch (error) {
          notify({
            type: 'error',
            title: `Email ${templateId} did not compile`,
            message: errorMessage(error),
            duration: 6000,
          });
          setOutcomes((o) => ({ ...o, [templateId]: { state: 'failed', error: errorMessage(error) } }));
        }
      }
    })();
  }, [key]);
  const all = ids.length > 0 && ids.every((id) => outcomes[id] && outcomes[id].state !== 'compiling');
  return (
    <div className="email-compiler">
      <Stack gap="md">
        <Title order={1} size="h2">
          Compile emails
        </Title>
        {ids.length === 0 && (
          <Text>
            Choose templates in the{' '}
            <Anchor component={Link} to="/marketing/email-builder/">
              template list
            </Anchor>{' '}
            to compile them.
          </Text>
        )}
        {ids.map((id) => {
          const o = outcomes[id] ?? { state: 'compiling' };
          return (
            <Card key={id} withBorder className={`compiled-email ${o.state}`} data-template={id}>
              <Group justify="space-between">
                <Anchor component={Link} to={`/marketing/email-builder/builder?templateId=${id}`}>
                  Template {id}
                </Anchor>
                {o.state === 'compiling' && <Badge color="blue">Compiling</Badge>}
                {o.state === 'done' && (
                  <Badge color={o.filesize > GMAIL_CLIP_BYTES ? 'yellow' : 'teal'}>
                    Compiled · {(o.filesize / 1024).toFixed(1)} KB
                  </Badge>
                )}
                {o.state === 'failed' && <Badge color="red">Error</Badge>}
              </Group>
              {o.state === 'failed' && (
                <Text c="red" size="sm" mt="xs" role="alert">
                  {o.error}
                </Text>
              )}
            </Card>
          );
        })}
        {all && (
          <Alert color="teal" className="compile-done" role="status">
            All emails compiled: {ids.filter((id) => outcomes[id]?.state === 'done').length} of {ids.length} succeeded.
          </Alert>
        )}
      </Stack>
    </div>
  );
}
