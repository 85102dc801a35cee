import { defineGenerator } from '../../server/scale/generators';
import { cities, makes, regionOf, streets } from '../../server/scale/pools';
import { usPhone } from '../../server/scale/random';
import { DEFAULT_LOCATION_CODE } from './locations.contract';

defineGenerator({
  table: 'locations',
  columns: [
    'code',
    'name',
    'active',
    'region',
    'dealership',
    'collision',
    'url',
    'phone',
    'street',
    'city',
    'state',
    'zip',
    'time_zone',
    'service_phone',
    'service_email',
    'service_hours',
  ],
  fullRows: 60,
  minRows: 10,
  *rows({ random, rows }) {
    const codes = new Set<string>([DEFAULT_LOCATION_CODE]);
    for (let i = 0; i < rows; i++) {
      const [city, state, zone] = cities[i % cities.length];
      const make = makes[(i * 5) % makes.length];
      let code = DEFAULT_LOCATION_CODE;
      if (i > 0) {
        do
          code = `${city
            .replace(/[^A-Z]/g, '')
            .padEnd(2, 'X')
            .slice(0, 2)}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[random.int(0, 23)]}${random.int(0, 9)}`;
        while (codes.has(code));
        codes.add(code);
      }
      const name = `${city} ${make}${i >= cities.length ? ` ${Math.floor(i / cities.length) + 1}` : ''}`;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
      yield [
        code,
        name,
        i % 23 !== 22,
        regionOf[state],
        make,
        i % 4 === 0,
        `https://www.${slug}.example`,
        usPhone(random),
        random.pick(streets),
        city,
        state,
        String(random.int(80000, 89999)),
        zone,
        usPhone(random),
        `service@${slug}.example`,
        'Mon–Fri 7:00–18:00, Sat 8:00–16:00',
      ];
    }
  },
});
