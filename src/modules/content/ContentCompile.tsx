import { Alert, Anchor, Card, Code, CopyButton, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { FilteredScreen } from '../../web/ui/ListScreen';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { compileItems, contentPageTypes, COMPILE_LIMIT, pageTypeLabels } from './content.contract';

const typeOptions = contentPageTypes.map((value) => ({ value, label: pageTypeLabels[value] }));

/** The pages compiled for the options chosen: each as the website shows it and as html to copy. */
function Compiled({ applied }: { applied: Record<string, string> }) {
  const compiled = useActionQuery(compileItems, applied);
  if (compiled.isPending) return <Loader aria-label="Compiling" />;
  if (compiled.isError) return <Alert color="red">The pages could not be compiled; try again.</Alert>;
  const { pages, pageCount } = compiled.data;
  if (pageCount === 0) return <Text c="dimmed">No content items match these options.</Text>;
  return (
    <Stack>
      <Text className="compile-count" fw={600}>
        {pageCount} page{pageCount === 1 ? '' : 's'} compiled
        {pageCount === COMPILE_LIMIT ? ` (the first ${COMPILE_LIMIT}; choose a location)` : ''}
      </Text>
      {pages.map((p) => (
        <Card key={p.contentId} withBorder className="compiled-page">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h5">
              {p.title}
            </Title>
            <Anchor href={p.url} target="_blank" rel="noreferrer" size="sm">
              {p.url}
            </Anchor>
          </Group>
          {p.unknownShortcodes.length > 0 && (
            <Alert color="yellow" mt="xs">
              No store has a value for {p.unknownShortcodes.join(', ')}: check the spelling.
            </Alert>
          )}
          <Tabs defaultValue="page" mt="xs">
            <Tabs.List>
              <Tabs.Tab value="page">Page</Tabs.Tab>
              <Tabs.Tab value="html">Html</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="page" pt="xs">
              {/* Sandboxed: the compiled page is shown as the website would, with no script and no access to this app. */}
              <iframe
                title={`Preview of ${p.title}`}
                sandbox=""
                srcDoc={p.html}
                style={{ width: '100%', minHeight: 180, border: 0 }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="html" pt="xs">
              <Code block>{p.html}</Code>
              <CopyButton value={p.html}>
                {({ copied, copy }) => (
                  <Button mt="xs" size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy html'}
                  </Button>
                )}
              </CopyButton>
            </Tabs.Panel>
          </Tabs>
        </Card>
      ))}
    </Stack>
  );
}

/** The compile screen (seed 001: /marketing/content-engine/compile, the query is the compile options). */
export default function ContentCompile() {
  return (
    <FilteredScreen
      className="content-compile"
      title="Compile content"
      action={compileItems}
      updateUrl
      filters={[
        { name: 'locationId', kind: 'location' },
        { name: 'pageType', kind: 'select', placeholder: 'Any', data: typeOptions },
        {
          name: 'published',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Published' },
            { value: '0', label: 'Draft' },
          ],
        },
      ]}
    >
      {(applied) => <Compiled applied={applied} />}
    </FilteredScreen>
  );
}
