import { ActionIcon, Code, CopyButton, Fieldset, Group, Loader, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { DataTable } from '../../web/ui/DataTable';
import { notifySuccess } from '../../web/ui/notify';
import type { ColumnSpec } from '../../shared/lists';
import { loadShortcodes } from './locations.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

const columns: ColumnSpec[] = [
  { key: 'shortcode', label: 'Shortcode' },
  { key: 'label', label: 'What it is' },
  { key: 'value', label: 'Value for this location' },
];

/** The shortcodes texts and templates can use for this location, with their current values. */
export function ShortcodesPanel({ locationId }: { locationId: number }) {
  // A saved location reloads them (useSaveLocationOptions).
  const shortcodes = useActionQuery(loadShortcodes, { locationId }, { staleTime: 0 });
  return (
    <Fieldset legend="Shortcodes" className="location-shortcodes">
      {shortcodes.isPending && <Loader size="sm" aria-label="Loading" />}
      <ActionAlert error={shortcodes.error} title="There was a problem loading shortcodes" />
      {shortcodes.data && (
        <DataTable
          label="shortcodes"
          searchable
          columns={columns}
          rows={shortcodes.data.shortcodes}
          rowKey={(row) => row.shortcode}
          cells={{
            shortcode: (row) => (
              <Group gap={4} wrap="nowrap">
                <Code>{row.shortcode}</Code>
                <CopyButton value={row.shortcode}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`Copy ${row.shortcode}`}
                        onClick={() => {
                          copy();
                          notifySuccess('Text saved to clipboard.', 2000);
                        }}
                      >
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            ),
          }}
        />
      )}
    </Fieldset>
  );
}
