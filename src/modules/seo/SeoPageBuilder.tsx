import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { FilteredScreen } from '../../web/ui/ListScreen';
import { StackedBars } from '../../web/ui/StackedBars';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useCan, useSignedIn } from '../../web/shell/session';
import { dayFromToday, formatDate } from '../../shared/format';
import type { OutputOf } from '../../shared/contract';
import { loadItem, pageTypeLabels } from '../content/content.contract';
import {
  buildPage,
  loadPages,
  loadPlannerPages,
  loadReferencePages,
  PAGE_ADDED,
  PAGE_NOTIFY_MS,
  TODO_DONE,
  TODO_NO_LOCATION,
} from './seo.contract';

const listTypeOptions = [
  { value: 'all', label: 'All pages' },
  ...Object.entries(pageTypeLabels).map(([value, label]) => ({ value, label })),
];
/** How far back the personal performance chart reads. */
const PERFORMANCE_DAYS = 30;

type TodoPage = OutputOf<typeof loadReferencePages>['pages'][number];

/** The pages to build, each with its Build button. */
function TodoTable({
  pages,
  canBuild,
  building,
  onBuild,
}: {
  pages: TodoPage[];
  canBuild: boolean;
  building?: string;
  onBuild: (contentId: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table className="seo-todo" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Page URL</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>
              <VisuallyHidden>Build</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pages.map((p) => (
            <Table.Tr key={p.contentId}>
              <Table.Td>{p.title}</Table.Td>
              <Table.Td>{p.pageUrl}</Table.Td>
              <Table.Td>
                <Badge variant="light">{pageTypeLabels[p.pageType]}</Badge>
              </Table.Td>
              <Table.Td>
                {canBuild && (
                  <Button
                    size="xs"
                    leftSection={<IconHammer size={14} />}
                    loading={building === p.pageUrl}
                    aria-label={`Build ${p.pageUrl}`}
                    onClick={() => onBuild(p.contentId)}
                  >
                    Build
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The to-do list of a store: each published content item with no page yet, built with one click. */
function TodoList({ applied }: { applied: Record<string, string> }) {
  const canBuild = useCan('seoPlannerCreate');
  const todo = useActionQuery(loadReferencePages, applied, { enabled: !!applied.location });
  const build = useAction(buildPage, {
    success: PAGE_ADDED,
    successMs: PAGE_NOTIFY_MS,
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadReferencePages, loadPages, loadPlannerPages],
  });
  // The CMS gets the item's own words: read it whole, then build.
  const buildFrom = async (contentId: number) => {
    const { item } = await callAction(loadItem, { contentId });
    build.mutate({ ...item, vehicleYear: item.vehicleYear ?? undefined });
  };
  const built = build.data && (
    <Text size="sm">
      Built:{' '}
      <Anchor href={build.data.previewUrl} target="_blank" rel="noreferrer">
        preview the page
      </Anchor>
    </Text>
  );
  if (!applied.location) return <Text className="seo-todo-empty">{TODO_NO_LOCATION}</Text>;
  if (todo.isPending) return <Loader aria-label="Loading the to-do list" />;
  if (todo.isError) return <Alert color="red">The to-do list could not load; try again.</Alert>;
  const { pages, unbuiltPageCount } = todo.data;
  if (unbuiltPageCount === 0)
    return (
      <Stack gap="xs">
        <Text className="seo-todo-empty">{TODO_DONE}</Text>
        {built}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Text fw={600} className="seo-todo-count">
        {unbuiltPageCount} page{unbuiltPageCount === 1 ? '' : 's'} to build
      </Text>
      <TodoTable
        pages={pages}
        canBuild={canBuild}
        building={build.isPending ? String(build.variables?.pageUrl) : undefined}
        onBuild={(id) => void buildFrom(id)}
      />
      {built}
    </Stack>
  );
}

/** The caller's pages per day over the last 30 days (the personal performance chart). */
function Performance() {
  const { user } = useSignedIn();
  // The first day is fixed for the visit: a re-render must not ask for a new range.
  const [since] = useState(() => dayFromToday(-(PERFORMANCE_DAYS - 1)));
  const pages = useActionQuery(loadPlannerPages, { minCreatedAt: since, userId: String(user.id) });
  if (pages.isPending) return <Loader aria-label="Loading your performance" />;
  if (pages.isError) return <Alert color="red">Your performance could not load; try again.</Alert>;
  const rows = pages.data.dates
    .map((date, i) => ({ date, mine: pages.data.personalAmount[i] }))
    .filter((r) => r.mine > 0);
  const total = pages.data.personalAmount.reduce((a, b) => a + b, 0);
  return (
    <Stack gap="xs">
      <Text className="seo-performance-total">
        You built {total} page{total === 1 ? '' : 's'} in the last {PERFORMANCE_DAYS} days.
      </Text>
      {rows.length > 0 && (
        <StackedBars
          aria-label="Your pages per day"
          rows={rows}
          label={(r) => formatDate(r.date)}
          series={[{ name: 'mine', label: 'Your pages', color: 'teal.6' }]}
          format={String}
        />
      )}
    </Stack>
  );
}

/** seo-page-builder: a store's to-do list of pages to build and the builder's own performance (seed 002). */
export default function SeoPageBuilder() {
  return (
    <FilteredScreen
      className="seo-page-builder"
      title="SEO page builder"
      action={loadReferencePages}
      updateUrl
      filters={[
        { name: 'location', kind: 'location' },
        { name: 'listType', kind: 'select', placeholder: 'All pages', data: listTypeOptions },
      ]}
    >
      {(applied) => (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Card withBorder>
            <Title order={2} size="h5" mb="sm">
              To do
            </Title>
            <TodoList applied={applied} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h5" mb="sm">
              Your performance
            </Title>
            <Performance />
          </Card>
        </SimpleGrid>
      )}
    </FilteredScreen>
  );
}
