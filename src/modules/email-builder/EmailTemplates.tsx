import { Button, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RowOf } from '../../shared/contract';
import { callAction } from '../../web/api';
import { ListScreen } from '../../web/ui/ListScreen';
import { confirm } from '../../web/ui/modals';
import { notifySuccess } from '../../web/ui/notify';
import { reloadActions } from '../../web/ui/useActionQuery';
import { deleteTemplate, loadTemplates, SEARCH_SHOWN, templateColumns } from './email-builder.contract';

type Row = RowOf<typeof loadTemplates>;
const BUILDER = '/marketing/email-builder/builder';

/** Seed 001, section 9: the search text is cut at 25 characters where it is shown. */
export const shortened = (text: string) => (text.length > SEARCH_SHOWN ? `${text.slice(0, SEARCH_SHOWN)}…` : text);

/** email-template-list: the templates with a count; chosen ones can be compiled or deleted together. */
export default function EmailTemplates() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const search = params.get('query') ?? '';
  const remove = async (rows: Row[]) => {
    await callAction(deleteTemplate, { templateIds: rows.map((r) => r.templateId) });
    reloadActions(queryClient, loadTemplates);
    notifySuccess(rows.length === 1 ? 'Template deleted!' : `${rows.length} templates deleted!`);
  };
  return (
    <ListScreen
      className="email-template-list"
      title="Email templates"
      action={loadTemplates}
      noun={['template', 'templates']}
      columns={templateColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Template name' },
        { name: 'locationId', kind: 'location' },
      ]}
      above={
        search ? (
          <Text size="sm" c="dimmed" className="search-shown" title={search}>
            Templates named like “{shortened(search)}”
          </Text>
        ) : undefined
      }
      rowKey={(row) => row.templateId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => navigate(`${BUILDER}?templateId=${row.templateId}`)}
      rowActions={(row) => [
        {
          label: 'Edit',
          icon: <IconPencil size={14} />,
          onClick: () => navigate(`${BUILDER}?templateId=${row.templateId}`),
        },
        {
          label: 'Duplicate',
          icon: <IconCopy size={14} />,
          onClick: () => navigate(`${BUILDER}?templateId=${row.templateId}&clone=true`),
        },
        {
          label: 'Delete',
          icon: <IconTrash size={14} />,
          color: 'red',
          disabled: row.locked,
          onClick: async () => {
            if (
              await confirm({
                message: `Are you sure you want to delete the template ${row.name}?`,
                confirmLabel: 'Delete',
                danger: true,
              })
            )
              await remove([row]).catch(() => undefined);
          },
        },
      ]}
      bulkActions={[
        {
          label: 'Compile',
          question: (rows) => `Compile ${rows.length === 1 ? 'this template' : `these ${rows.length} templates`} now?`,
          run: async (rows) =>
            navigate(`/marketing/email-builder/compiler?templateId=${rows.map((r) => r.templateId).join(',')}`),
        },
        {
          label: 'Delete templates',
          question: (rows) =>
            `Are you sure you want to delete ${rows.length === 1 ? 'this template' : `these ${rows.length} templates`}?`,
          run: remove,
        },
      ]}
      toolbar={
        <Button component={Link} to={BUILDER} leftSection={<IconPlus size={16} />}>
          New template
        </Button>
      }
    />
  );
}
