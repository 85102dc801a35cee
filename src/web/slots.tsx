import { Suspense, type ComponentType } from 'react';

/**
 * Places in one module's screen where another module adds a part of its own, so that neither imports
 * the other's screens (lint keeps modules to their contract, tables and .api.ts). A module adds its
 * part in its `*.screens.ts`, loaded when first shown: `addToSlot('appraisalActions', lazy(() => import('./Part')))`.
 * Each slot names what it hands its parts.
 */
export interface Slots {
  /** Under an appraisal's offer, once the customer accepted it or the store bought the car (payments' "Request payment"). */
  appraisalActions: { appraisalId: number };
}

const parts: { [K in keyof Slots]?: ComponentType<Slots[K]>[] } = {};

export function addToSlot<K extends keyof Slots>(slot: K, part: ComponentType<Slots[K]>) {
  ((parts[slot] ??= []) as ComponentType<Slots[K]>[]).push(part);
}

/** What the modules added to a slot, each given the slot's props. */
export function Slot<K extends keyof Slots>({ name, props }: { name: K; props: Slots[K] }) {
  const added = (parts[name] ?? []) as ComponentType<Slots[K]>[];
  return (
    <Suspense fallback={null}>
      {added.map((Part, i) => (
        <Part key={i} {...(props as Slots[K] & object)} />
      ))}
    </Suspense>
  );
}
