/** The access module's public functions and data for other modules. */
import type { JobCodeFlag } from '../../shared/permissions';

/** The group-scale job codes (access.scale.ts): the users' generator hands them out. */
export const scaleJobCodes: [string, string, JobCodeFlag[]][] = [
  [
    'GM',
    'General Manager',
    [
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
  ],
  [
    'GSM',
    'General Sales Manager',
    ['phoneLookup', 'stockNumberManager', 'messenger', 'stockNumberAdmin', 'sales', 'salesManager', 'appraiser'],
  ],
  ['SVCMGR', 'Service Manager', ['phoneLookup', 'messenger', 'careerPathEditor', 'serviceManager', 'serviceAdvisor']],
  ['ADVISOR', 'Service Advisor', ['phoneLookup', 'messenger', 'serviceAdvisor']],
  ['TECH', 'Technician', []],
  ['SALES', 'Sales Consultant', ['phoneLookup', 'messenger', 'stockNumberManager', 'sales']],
  ['FIN', 'Finance Manager', ['phoneLookup', 'messenger', 'sales', 'appraiser', 'appraisalManager']],
  // Books service appointments and texts the stores' lists: the appointment reports and bulk sends.
  [
    'BDC',
    'Business Development Center',
    ['phoneLookup', 'messenger', 'messengerDeploy', 'marketing', 'serviceManager'],
  ],
  ['MKT', 'Marketing', ['marketing', 'marketingEditor', 'marketingOfferEditor', 'emailBuilder']],
  ['IT', 'IT and Telephony', ['userAdmin', 'accessAdmin', 'phoneAdmin', 'phoneLookup', 'developer']],
  ['HR', 'Human Resources', ['userAdmin', 'careerPathAdmin', 'careerPathEditor']],
  ['INV', 'Inventory Manager', ['stockNumberAdmin', 'stockNumberManager', 'stockNumberUserAdmin', 'appraiser']],
];
