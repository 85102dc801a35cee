import { defineGenerator } from '../../server/scale/generators';
import { firstNames, lastNames } from '../../server/scale/pools';
import { usPhone } from '../../server/scale/random';

const jobs: [string, string][] = [
  ['General Manager', 'Management'],
  ['Sales Consultant', 'Sales'],
  ['Sales Consultant', 'Sales'],
  ['Service Advisor', 'Service'],
  ['Technician', 'Service'],
  ['Technician', 'Service'],
  ['Parts Specialist', 'Parts'],
  ['Finance Manager', 'Finance'],
  ['BDC Representative', 'BDC'],
  ['Porter', 'Service'],
  ['Receptionist', 'Management'],
  ['Body Technician', 'Collision'],
];

defineGenerator({
  table: 'employees',
  columns: [
    'employee_number',
    'first_name',
    'last_name',
    'title',
    'department',
    'location_id',
    'primary_phone',
    'email',
    'hired_on',
    'active',
  ],
  fullRows: 6_000,
  minRows: 500,
  after: ['locations'],
  *rows({ random, rows, counts }) {
    for (let i = 0; i < rows; i++) {
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const [title, department] = random.pick(jobs);
      const number = String(100_000 + i);
      yield [
        number,
        first,
        last,
        title,
        department,
        random.int(1, counts.locations),
        usPhone(random),
        `${first}.${last}.${number}@forecourt.test`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        `${random.int(2005, 2026)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
        random.next() > 0.08,
      ];
    }
  },
});
