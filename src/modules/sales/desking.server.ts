import { defineAction } from '../../server/platform/actions';
import { deskDeal } from './desking';
import { deskDealContract, type DeskDealInput } from './desking.contract';

const columns = (input: DeskDealInput) =>
  ([1, 2, 3] as const).map((n) => ({
    term: input[`term${n}`],
    rate: input[`rate${n}`],
    residual: input[`residual${n}`],
  }));

defineAction({
  contract: deskDealContract,
  permission: 'sales',
  reach: 'group',
  readOnly: true,
  summary: 'Works out a finance or lease deal in three term and rate columns (docs/sales.md, "Desking").',
  bench: () => [
    {
      name: 'a taxed lease, three columns',
      p95Ms: 20,
      input: {
        dealType: 'Lease',
        sellingPrice: '32000',
        msrp: '35000',
        acquisitionFee: '695',
        downPayment: '2000',
        tradeAllowance: '8000',
        tradePayoff: '5000',
        taxRate: '7.75',
        taxMethod: 'payment',
        term1: 24,
        term2: 36,
        term3: 48,
        rate1: '0.0029',
        rate2: '0.0029',
        rate3: '0.0029',
        residual1: 64,
        residual2: 58,
        residual3: 52,
      },
    },
  ],
  async handler({ input }) {
    return { items: deskDeal({ ...input, columns: columns(input) }) };
  },
});
