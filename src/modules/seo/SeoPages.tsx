import { useState } from 'react';
import { Anchor, Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLink, IconPlus, IconRefreshDot } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { callAction } from '../../web/api';
import { ListScreen } from '../../web/ui/ListScreen';
import { confirm, IdModal, openModal, showAlert } from '../../web/ui/modals';
import { useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { useAction } from '../../web/ui/useAction';
import { useCan } from '../../web/shell/session';
import type { RowOf } from '../../shared/contract';
import {
  deleteCmsPage,
  deletePage,
  deletePageQuestion,
  generateLink,
  LOCATION_CACHE_ERROR,
  loadPage,
  loadPages,
  loadPlannerPages,
  loadReferencePages,
  PAGE_DELETED,
  PAGE_NOTIFY_MS,
  renderLocationCache,
  seoColumns,
} from './seo.contract';
import { pageTypeOptions, SeoPageForm } from './SeoPageForm';

type Row = RowOf<typeof loadPages>;
const LINK_MODAL = 'seo-generate-link';
const RELOAD = [loadPages, loadPlannerPages, loadReferencePages];

/** The link to paste in another page of the site, from generate-link, with a copy button. */
function LinkModal({ row }: { row: Row | null }) {
  const [html, setHtml] = useState<string | null>(null);
  const generate = useAction(generateLink, {
    errors: 'alert',
    alertPrefix: 'unexpected',
    onSuccess: (d) => setHtml(d.html),
  });
  return (
    <IdModal id={LINK_MODAL} title="Link to this page" onClose={() => setHtml(null)} size="lg">
      {row && (
        <Stack>
          <Text size="sm">
            A link to{' '}
            <Anchor href={row.url} target="_blank" rel="noreferrer">
              {row.url}
            </Anchor>{' '}
            with its display text.
          </Text>
          {html ? (
            <>
              <Code block className="seo-link-html">
                {html}
              </Code>
              <CopyButton value={html}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy html'}</Button>}
              </CopyButton>
            </>
          ) : (
            <Button
              loading={generate.isPending}
              onClick={() =>
                generate.mutate({ locationId: row.locationId, pageUrl: row.pageUrl, displayText: row.displayText })
              }
            >
              Generate link
            </Button>
          )}
        </Stack>
      )}
    </IdModal>
  );
}

/** seo-pages: the SEO pages on the stores' websites, with the add and edit modals (seed 002). */
export default function SeoPages() {
  const [params] = useSearchParams();
  const editor = useCan('marketingEditor');
  const [linkRow, setLinkRow] = useState<Row | null>(null);
  const records = useRecordModals({
    addId: 'add-seo-page',
    editId: 'edit-seo-page',
    addTitle: 'Add SEO page',
    editTitle: (row: Row) => `SEO page ${row.pageUrl}`,
    size: 'xl',
    load: async (row: Row) => (await callAction(loadPage, { pageId: row.pageId })).page,
    form: (record, done) => <SeoPageForm record={record} done={done} />,
  });
  const options = {
    question: (row: Row) => deletePageQuestion(row.pageUrl),
    success: PAGE_DELETED,
    successMs: PAGE_NOTIFY_MS,
    reload: RELOAD,
    undoable: true,
  };
  // Seed 002: pages built with the CMS are deleted through the CMS's own action, others through the SEO one.
  const byHand = useRowActions(deletePage, {
    ...options,
    edit: records.edit,
    input: (row) => ({ pageId: row.pageId, createdBy: row.createdBy ?? undefined }),
  });
  const withCms = useRowActions(deleteCmsPage, {
    ...options,
    edit: records.edit,
    input: (row) => ({
      pageId: row.pageId,
      pageUrl: row.pageUrl,
      locationId: row.locationId,
      createdBy: row.createdBy ?? undefined,
    }),
  });
  const render = useAction(renderLocationCache, {
    success: (d) => `Location cache updated: ${d.renderedPageCount} pages rendered.`,
    onError: (error) =>
      showAlert(`Location cache not saved. ${error instanceof Error ? error.message : ''}`, LOCATION_CACHE_ERROR),
  });
  const locationId = params.get('locationId');
  return (
    <ListScreen
      className="seo-pages"
      title="SEO pages"
      action={loadPages}
      noun={['page', 'pages']}
      columns={seoColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Address or display text' },
        { name: 'locationId', kind: 'location' },
        { name: 'pageType', kind: 'select', placeholder: 'Any', data: pageTypeOptions },
        {
          name: 'createdWithDDCAPI',
          kind: 'select',
          placeholder: 'Either',
          data: [
            { value: '1', label: 'With the CMS' },
            { value: '0', label: 'By hand' },
          ],
        },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.pageId}
      rowLabel={(row) => row.pageUrl}
      onRowClick={(row) => records.edit(row)}
      rowActions={(row) => [
        // The page's own address opens from its menu: the first cell is the row's button already.
        {
          label: 'Open on the website',
          icon: <IconExternalLink size={16} />,
          onClick: () => window.open(row.url, '_blank', 'noopener'),
        },
        ...(editor ? (row.createdWithDDCAPI ? withCms : byHand)(row) : []),
        {
          label: 'Generate link',
          icon: <IconLink size={16} />,
          onClick: () => {
            setLinkRow(row);
            openModal(LINK_MODAL);
          },
        },
      ]}
      cells={{
        builtWith: (row) => (
          <Badge variant="light" color={row.createdWithDDCAPI ? 'cyan' : 'gray'}>
            {row.builtWith}
          </Badge>
        ),
      }}
      emptyText="No SEO pages match these filters; clear a filter or add a page."
      toolbar={
        editor && (
          <Group gap="xs">
            {locationId && (
              <Button
                variant="default"
                leftSection={<IconRefreshDot size={16} />}
                loading={render.isPending}
                onClick={() =>
                  void confirm({
                    message: "Re-render this location's pages on its website now?",
                    confirmLabel: 'Update cache',
                  }).then((yes) => yes && render.mutate({ locationId }))
                }
              >
                Update location cache
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
              Add page
            </Button>
          </Group>
        )
      }
    >
      {records.modals}
      <LinkModal row={linkRow} />
    </ListScreen>
  );
}
