import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { locationOptions } from '../locations/locations.contract';
import { listDepartments, loadEmployee, loadEmployees } from './employees.contract';

let t: TestApp;
let staff: Caller;
beforeAll(async () => {
  t = await testApp({ env: { ASSETS_BASE_URL: 'https://assets.forecourt.test/static/' } });
  staff = await t.signedIn([]);
});
afterAll(async () => {
  await t?.close();
});

describe('employees', () => {
  it('lists the directory with a count, searched by full name', async () => {
    const all = await staff.act(loadEmployees, {});
    expect(all.body.data.employeeCount).toBe(60);
    expect(all.body.data.rows).toHaveLength(60);
    const res = await staff.act(loadEmployees, { query: 'maria garcia' });
    expect(res.body.data.rows.length).toBeGreaterThan(0);
    for (const row of res.body.data.rows) expect(`${row.firstName} ${row.lastName}`).toBe('Maria Garcia');
    expect(res.body.data.html).toContain('Maria');
  });

  it('filters by location and department', async () => {
    const locations = (await staff.act(locationOptions, {})).body.data.locations;
    const abg = locations.find((l: { code: string }) => l.code === 'ABG')!;
    const res = await staff.act(loadEmployees, { locationId: abg.id, department: 'Service' });
    expect(res.body.data.rows.length).toBeGreaterThan(0);
    for (const row of res.body.data.rows)
      expect(row).toMatchObject({ locationName: 'Albuquerque Toyota', department: 'Service' });
  });

  it('lists the departments for the filter', async () => {
    const res = await staff.act(listDepartments, {});
    expect(res.body.data.departments).toEqual([
      'BDC',
      'Finance',
      'Management',
      'Marketing',
      'Parts',
      'Sales',
      'Service',
    ]);
  });

  it('loads one employee with the photo address keyed by employee number', async () => {
    const res = await staff.act(loadEmployee, { employeeNumber: '10400' });
    expect(res.body.data.employee).toMatchObject({
      employeeNumber: '10400',
      firstName: 'Maria',
      lastName: 'Garcia',
      title: 'General Manager',
      photoUrl: 'https://assets.forecourt.test/static/employees/10400.jpg',
    });
    expect((await staff.act(loadEmployee, { employeeNumber: '1' })).body.errors[0]).toBe(
      'There is no employee number 1.',
    );
    const bad = await staff.act(loadEmployee, { employeeNumber: "1' or 1=1" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Employee number must be an employee number.');
  });
});
