import { defineGenerator } from '../../server/scale/generators';
import { scaleJobCodes } from './access.api';

defineGenerator({
  table: 'job_codes',
  columns: ['job_code', 'long_name', 'flags'],
  fullRows: scaleJobCodes.length,
  minRows: scaleJobCodes.length,
  *rows() {
    for (const row of scaleJobCodes) yield row;
  },
});
