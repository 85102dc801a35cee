import type { Db } from '../../server/db/client';
import type { JobCodeFlag } from '../../shared/permissions';
import { jobCodes } from './access.db';

const demoJobCodes: { jobCode: string; longName: string; flags: JobCodeFlag[] }[] = [
  {
    jobCode: 'GM',
    longName: 'General Manager',
    flags: [
      'phoneLookup',
      'stockNumberManager',
      'messenger',
      'marketing',
      'careerPathAdmin',
      'serviceManager',
      'sales',
      'salesManager',
      'appraiser',
      'appraisalManager',
    ],
  },
  {
    jobCode: 'SVCMGR',
    longName: 'Service Manager',
    flags: ['phoneLookup', 'messenger', 'careerPathEditor', 'serviceManager', 'serviceAdvisor'],
  },
  { jobCode: 'ADVISOR', longName: 'Service Advisor', flags: ['phoneLookup', 'messenger', 'serviceAdvisor'] },
  {
    jobCode: 'SALES',
    longName: 'Sales Consultant',
    flags: ['phoneLookup', 'messenger', 'stockNumberManager', 'sales'],
  },
  // Books service appointments and texts the stores' lists: the appointment reports and bulk sends.
  {
    jobCode: 'BDC',
    longName: 'Business Development Center',
    flags: ['phoneLookup', 'messenger', 'messengerDeploy', 'marketing', 'serviceManager'],
  },
  {
    jobCode: 'MKT',
    longName: 'Marketing',
    flags: ['marketing', 'marketingEditor', 'marketingOfferEditor', 'emailBuilder'],
  },
  {
    jobCode: 'IT',
    longName: 'IT and Telephony',
    flags: ['userAdmin', 'accessAdmin', 'phoneAdmin', 'phoneLookup', 'developer'],
  },
  { jobCode: 'HR', longName: 'Human Resources', flags: ['userAdmin', 'careerPathAdmin', 'careerPathEditor'] },
  {
    jobCode: 'INV',
    longName: 'Inventory Manager',
    flags: ['stockNumberAdmin', 'stockNumberManager', 'stockNumberUserAdmin', 'appraiser'],
  },
];

export async function seedJobCodes(db: Db): Promise<void> {
  await db.insert(jobCodes).values(demoJobCodes);
}
