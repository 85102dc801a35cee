import type { ReactNode } from 'react';
import { Accordion } from '@mantine/core';

export interface ExpandableCard {
  value: string;
  title: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}

/** Cards that expand; opening one collapses the other (seed 000, section 2). */
export function ExpandableCards({ cards, defaultOpen }: { cards: ExpandableCard[]; defaultOpen?: string }) {
  return (
    <Accordion variant="separated" radius="md" defaultValue={defaultOpen ?? null} chevronPosition="right">
      {cards.map((card) => (
        <Accordion.Item key={card.value} value={card.value} className="expandable-card">
          <Accordion.Control icon={card.icon}>{card.title}</Accordion.Control>
          <Accordion.Panel>{card.children}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
