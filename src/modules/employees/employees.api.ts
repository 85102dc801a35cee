/** The employees module's public functions and data for other modules (the users' demo seed reads them). */

/** Each demo job title, its department, and the job code its holders have when they are users too. */
export const titles: [string, string, string][] = [
  ['General Manager', 'Management', 'GM'],
  ['Service Manager', 'Service', 'SVCMGR'],
  ['Service Advisor', 'Service', 'ADVISOR'],
  ['Sales Consultant', 'Sales', 'SALES'],
  ['BDC Representative', 'BDC', 'BDC'],
  ['Marketing Coordinator', 'Marketing', 'MKT'],
  ['Technician', 'Service', 'ADVISOR'],
  ['Finance Manager', 'Finance', 'SALES'],
  ['Parts Specialist', 'Parts', 'ADVISOR'],
];

/** The address a demo person has everywhere (the directory and, for the users among them, their account). */
export const demoEmail = (p: { firstName: string; lastName: string; employeeNumber: string }) =>
  `${p.firstName}.${p.lastName}.${p.employeeNumber}@forecourt.test`.toLowerCase();
