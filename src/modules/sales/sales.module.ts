import { defineModule } from '../../server/platform/modules';
import './desking.server';
import './price-builder.server';
import { registerQuotePage } from './quote-page';

/** Sales: the desking tool and the price builder with its texted quotes. */
export default defineModule({
  name: 'sales',
  routes: registerQuotePage,
});
