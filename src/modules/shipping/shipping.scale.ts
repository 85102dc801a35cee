import { defineGenerator } from '../../server/scale/generators';
import { makeVin } from '../vehicles/vehicles.api';

/** Two years of orders, about 14 a month per store at full scale; order n leaves store (n mod stores) + 1. */
defineGenerator({
  table: 'shipment_orders',
  columns: [
    'location_id',
    'origin_location_id',
    'origin_name',
    'origin_address_one',
    'origin_city',
    'origin_state',
    'origin_zipcode',
    'customer_address',
    'destination_location_id',
    'destination_name',
    'destination_address_one',
    'destination_city',
    'destination_state',
    'destination_zipcode',
    'vin',
    'year',
    'make',
    'model',
    'pickup_date',
    'notes',
    'carrier',
    'reference',
    'request',
    'created_at',
  ],
  fullRows: 20_000,
  minRows: 600,
  after: ['locations'],
  *rows({ rows, counts, now }) {
    const span = 2 * 365 * 86_400_000;
    for (let i = 0; i < rows; i++) {
      const from = (i % counts.locations) + 1;
      const to = ((i * 7) % counts.locations) + 1;
      const customer = i % 5 === 4;
      const at = new Date(now.getTime() - Math.floor((span * (rows - i)) / rows));
      const vin = makeVin('4T1', 'B11HK', 2015 + (i % 12), 'S', i);
      const pickup = new Date(at.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
      yield [
        from,
        from,
        `Store ${from}`,
        `${100 + from} Main St`,
        'Albuquerque',
        'NM',
        '87109',
        customer,
        customer ? null : to,
        customer ? `Customer ${i}` : `Store ${to}`,
        `${200 + i} Oak Ave`,
        'Denver',
        'CO',
        '80202',
        vin,
        2015 + (i % 12),
        'Toyota',
        'Camry',
        pickup,
        '',
        'local',
        `LOCAL-${String(i).padStart(8, '0')}`,
        JSON.stringify({ vehicle: { vin } }),
        at,
      ];
    }
  },
});
