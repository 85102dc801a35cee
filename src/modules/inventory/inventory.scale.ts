import { defineGenerator } from '../../server/scale/generators';
import { makeVin } from '../vehicles/vehicles.api';

const models = [
  ['4T1', 'B11HK', 'Toyota', 'Camry'],
  ['2T3', 'P1RFV', 'Toyota', 'RAV4'],
  ['1HG', 'CV1F3', 'Honda', 'Accord'],
  ['1FT', 'FW1E5', 'Ford', 'F-150'],
  ['1C4', 'HJXEG', 'Jeep', 'Wrangler'],
  ['1GC', 'UYDED', 'Chevrolet', 'Silverado 1500'],
  ['KNA', 'E55LC', 'Kia', 'Sorento'],
  ['JF2', 'SKAJC', 'Subaru', 'Outback'],
] as const;
const conditions = ['new', 'used', 'used', 'certified'] as const;

/**
 * 200,000 vehicles over two years, the newest last: vehicle n at store (n mod stores) + 1; those
 * that arrived more than about 90 days ago are mostly sold.
 */
defineGenerator({
  table: 'inventory_vehicles',
  columns: [
    'location_id',
    'stock',
    'vin',
    'year',
    'make',
    'model',
    'condition',
    'mileage',
    'price',
    'status',
    'source',
    'created_at',
    'updated_at',
  ],
  fullRows: 200_000,
  minRows: 2_000,
  after: ['locations'],
  *rows({ rows, counts, now, random }) {
    const span = 2 * 365 * 86_400_000;
    for (let i = 0; i < rows; i++) {
      const [wmi, descriptor, make, model] = models[i % models.length];
      const condition = conditions[i % conditions.length];
      const year = condition === 'new' ? 2026 : 2015 + (i % 11);
      const at = new Date(now.getTime() - Math.floor((span * (rows - i)) / rows));
      const old = now.getTime() - at.getTime() > 90 * 86_400_000;
      yield [
        (i % counts.locations) + 1,
        `I${String(i).padStart(7, '0')}`,
        makeVin(wmi, descriptor, year, 'K', i),
        year,
        make,
        model,
        condition,
        condition === 'new' ? 10 : random.int(5_000, 120_000),
        random.int(150, 700) * 100,
        old && random.next() < 0.95 ? 'sold' : 'in stock',
        'stock',
        at,
        at,
      ];
    }
  },
});
