/** The appraisals module's public functions for other modules. */

/** Group-scale appraisal n as the generator made it: the payments' generator pays the ones it bought. */
export { appraisalAt } from './appraisals.scale';
