import { defineGenerator, FULL_SCALE } from '../../server/scale/generators';
import { makeVin } from '../vehicles/vehicles.api';
import { acquiredByValues } from './stock.contract';
import { scaleStock } from './stock.server';

const vehicles = [
  ['4T1', 'B11HK', 'Toyota', 'Camry', 'SE'],
  ['5TD', 'KRFHX', 'Toyota', 'Highlander', 'XLE'],
  ['1HG', 'CV1F3', 'Honda', 'Accord', 'Sport'],
  ['1FT', 'FW1E5', 'Ford', 'F-150', 'XLT'],
  ['1C4', 'HJXEG', 'Jeep', 'Wrangler', 'Sahara'],
  ['1GC', 'UYDED', 'Chevrolet', 'Silverado 1500', 'LT'],
  ['KNA', 'E55LC', 'Kia', 'Sorento', 'EX'],
  ['JF2', 'SKAJC', 'Subaru', 'Outback', 'Premium'],
] as const;
const ways = acquiredByValues.filter((w) => w !== 'Trade' && w !== 'Manual Entry');

/**
 * 300,000 stock numbers over two years, the newest last: number n at location (n mod locations) + 1,
 * every twentieth a trade on the one before it (its number with A), each VIN unique by its serial.
 */
defineGenerator({
  table: 'stock_numbers',
  columns: [
    'stock',
    'location_id',
    'vin',
    'acquired_by',
    'purchase_vin',
    'parent',
    'trade_order',
    'year',
    'make',
    'model',
    'trim',
    'vin_override',
    'created_by',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_SCALE.stockNumbers,
  minRows: 2_000,
  after: ['locations', 'users'],
  *rows({ rows, counts, now, random }) {
    const span = 2 * 365 * 86_400_000;
    const taken = new Array<number>(counts.locations + 1).fill(0);
    let previous = { stock: '', locationId: 0 };
    for (let i = 0; i < rows; i++) {
      const [wmi, descriptor, make, model, trim] = vehicles[i % vehicles.length];
      const year = 2012 + (i % 15);
      const vin = makeVin(wmi, descriptor, year, 'ABCDEFGH'[i % 8], i);
      const at = new Date(now.getTime() - Math.floor((span * (rows - i)) / rows));
      const trade = i % 20 === 19;
      const locationId = trade ? previous.locationId : (i % counts.locations) + 1;
      const stock = trade ? `${previous.stock}A` : scaleStock(locationId, (taken[locationId] += 1));
      const acquiredBy = trade ? 'Trade' : ways[i % ways.length];
      yield [
        stock,
        locationId,
        vin,
        acquiredBy,
        acquiredBy === 'Early Trade' ? makeVin('4T1', 'C31AK', 2025, 'U', i) : null,
        trade ? previous.stock : null,
        trade ? 1 : null,
        year,
        make,
        model,
        trim,
        random.int(0, 199) === 0,
        (i % counts.users) + 1,
        at,
        at,
      ];
      if (!trade) previous = { stock, locationId };
    }
  },
});
