/**
 * The command palette (Ctrl/Cmd+K, or the search box in the header): the screens this user may open,
 * and records of every kind they may open, found on the server within their reach as they type.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Kbd, Loader, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.layer.css';
import { IconSearch } from '@tabler/icons-react';
import { findRecords } from '../../shared/shell.contract';
import type { NavItem } from './navigation';
import { useActionQuery } from '../ui/useActionQuery';

const matches = (item: NavItem, needle: string) => `${item.label} ${item.description}`.toLowerCase().includes(needle);

export function CommandPalette({ screens }: { screens: NavItem[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const [term] = useDebouncedValue(needle, 200);
  const found = useActionQuery(
    findRecords,
    { query: term },
    {
      enabled: term.length >= 2,
      staleTime: 30_000,
    },
  );
  const shownScreens = screens.filter((item) => !needle || matches(item, needle));
  const groups = term.length >= 2 && term === needle ? (found.data?.groups ?? []) : [];
  const open = (href: string) => navigate(href);

  return (
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={['mod + K']} scrollable maxHeight={480}>
      <Spotlight.Search
        placeholder="Search screens, people, locations, lines…"
        aria-label="Search screens and records"
        leftSection={<IconSearch size={18} />}
        rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      />
      <Spotlight.ActionsList>
        {shownScreens.length > 0 && (
          <Spotlight.ActionsGroup label="Screens">
            {shownScreens.map((item) => (
              <Spotlight.Action
                key={item.path}
                label={item.label}
                description={item.description}
                leftSection={<item.icon size={20} />}
                onClick={() => open(item.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.kind} label={group.label}>
            {group.results.map((result) => (
              <Spotlight.Action
                key={`${group.kind}-${result.id}`}
                label={result.title}
                description={result.detail}
                onClick={() => open(result.href)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {shownScreens.length === 0 && groups.length === 0 && (
          <Spotlight.Empty>
            {needle.length < 2 || found.isFetching || term !== needle
              ? 'Keep typing to search records…'
              : `Nothing matches “${query.trim()}”.`}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

/**
 * The header's way in: a search box with its shortcut where the header has room for it beside every
 * menu (1600 px and wider: `header-wide` in app.css), an icon elsewhere; both open the palette.
 */
export function PaletteButton() {
  return (
    <>
      <Button
        variant="default"
        onClick={() => spotlight.open()}
        leftSection={<IconSearch size={16} />}
        className="palette-button header-wide"
        rightSection={
          <Group gap={2} wrap="nowrap">
            <Kbd size="xs">Ctrl</Kbd>
            <Kbd size="xs">K</Kbd>
          </Group>
        }
      >
        <Text size="sm" span>
          Search
        </Text>
      </Button>
      <Tooltip label="Search (Ctrl+K)">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => spotlight.open()}
          aria-label="Search (Ctrl+K)"
          className="palette-button header-narrow"
        >
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
