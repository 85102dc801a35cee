/**
 * The phones module's public functions for other modules (server only): the local driver's
 * simulations of a customer's text or call and of a call moving on, for the tests that need one, and
 * the demo seeds' texts.
 */
export { simulateCallStatus, simulateInboundCall, simulateInboundText } from './simulate';
export { demoTextRows } from './demo-texts';
