import { Link, useNavigate } from 'react-router';
import { Anchor, Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { useRowActions } from '../../web/ui/RecordForm';
import type { RowOf } from '../../shared/contract';
import { DELETE_PAGE_QUESTION, deletePage, loadPages, pageColumns, PUBLIC_PAGE_PATH } from './page-builder.contract';

type Row = RowOf<typeof loadPages>;
const builderOf = (row: Row) => `/tools/page-builder/builder?page=${row.pageId}`;

/** landing-pages: the stores' landing pages, each opening in the page builder. */
export default function LandingPages() {
  const navigate = useNavigate();
  const rowActions = useRowActions(deletePage, {
    edit: (row: Row) => navigate(builderOf(row)),
    question: () => DELETE_PAGE_QUESTION,
    input: (row) => ({ pageId: row.pageId }),
    success: 'Page has been deleted!',
    reload: [loadPages],
  });
  return (
    <ListScreen
      className="landing-pages"
      title="Landing pages"
      action={loadPages}
      noun={['page', 'pages']}
      columns={pageColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Title or address' },
        { name: 'locationId', kind: 'location' },
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
      updateUrl
      rowKey={(row) => row.pageId}
      rowLabel={(row) => row.title}
      onRowClick={(row) => navigate(builderOf(row))}
      rowActions={rowActions}
      cells={{
        slug: (row) =>
          row.published ? (
            <Anchor href={`${PUBLIC_PAGE_PATH}/${row.slug}`} target="_blank" rel="noopener" size="sm">
              {PUBLIC_PAGE_PATH}/{row.slug}
            </Anchor>
          ) : (
            `${PUBLIC_PAGE_PATH}/${row.slug}`
          ),
        published: (row) => (
          <Badge color={row.published ? 'teal' : 'gray'} variant="light">
            {row.published ? 'Published' : 'Draft'}
          </Badge>
        ),
      }}
      toolbar={
        <Button component={Link} to="/tools/page-builder/builder" leftSection={<IconPlus size={16} />}>
          New page
        </Button>
      }
    />
  );
}
