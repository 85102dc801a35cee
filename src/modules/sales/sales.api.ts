/** The sales module's public functions for other modules: the customers' demo keeps a quote as the price builder would. */
export { QUOTE_DAYS, QUOTE_PATH, quoteFigures, quoteMessage } from './quote';
