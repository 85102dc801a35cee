import { Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * Places in one module's screen where another module adds a part of its own, so that neither imports
 * the other's screens (lint keeps modules to their contract, tables and .api.ts). A module adds its
 * part in its `*.screens.ts`, loaded when first shown: `addToSlot('appraisalActions', lazy(() => import('./Part')))`.
 * Each slot names what it hands its parts.
 */
export interface Slots {
  /** Under an appraisal's offer, once the customer accepted it or the store bought the car (payments' "Request payment"). */
  appraisalActions: { appraisalId: number };
  /**
   * A customer's name on a record's screen (an appraisal, a repair order, a conversation…): the
   * customers module makes it a link to the customer page (docs/customers.md). `kind` is the record's
   * kind as the customers contract names it (`appraisal`, `repairOrder`…). Give the name as `fallback`.
   */
  customerName: { kind: string; recordId: number; name: string };
  /**
   * A VIN on a record's screen (a stock number, an appraisal, a shipment…): the vehicle page module
   * makes it a link to the page of that vehicle's records (docs/vehicles.md). Give the VIN as `fallback`.
   */
  vehicleVin: { vin: string };
}

const parts: { [K in keyof Slots]?: ComponentType<Slots[K]>[] } = {};

export function addToSlot<K extends keyof Slots>(slot: K, part: ComponentType<Slots[K]>) {
  ((parts[slot] ??= []) as ComponentType<Slots[K]>[]).push(part);
}

/**
 * What the modules added to a slot, each given the slot's props; `fallback` while they load, and
 * when no module added anything.
 */
export function Slot<K extends keyof Slots>({
  name,
  props,
  fallback = null,
}: {
  name: K;
  props: Slots[K];
  fallback?: ReactNode;
}) {
  const added = (parts[name] ?? []) as ComponentType<Slots[K]>[];
  if (added.length === 0) return fallback;
  return (
    <Suspense fallback={fallback}>
      {added.map((Part, i) => (
        <Part key={i} {...(props as Slots[K] & object)} />
      ))}
    </Suspense>
  );
}

/** A record's VIN as the `vehicleVin` slot shows it (a link to the vehicle's page), or nothing when it has none. */
export function VinSlot({ vin }: { vin: string | null | undefined }) {
  return vin ? <Slot name="vehicleVin" props={{ vin }} fallback={vin} /> : null;
}
