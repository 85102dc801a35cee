import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { useCan } from '../../web/shell/session';
import { formatMoney } from '../../shared/format';
import { loadPayments, paymentColumns } from './payments.contract';
import { paymentStateColors, paymentStateLabels, paymentStates } from './payments.values';
import { usePaymentStatus } from './PaymentStatus';
import { usePaymentSteps } from './PaymentSteps';
import { openRequestPayment, RequestPaymentModal } from './RequestPaymentButton';
import { optionsOf } from '../../web/options/optionsOf';

const stateOptions = optionsOf(paymentStates, paymentStateLabels);

/**
 * The payments list (seed 001): payments to sellers within reach, each with its state as a badge and
 * its next steps as buttons; a row opens the payment's status view. Filters live in the address
 * (`?state=requested`, `?appraisalId=12` from an appraisal, `?payment=7` opens one payment).
 */
export default function Payments() {
  const [params, setParams] = useSearchParams();
  const steps = usePaymentSteps();
  const status = usePaymentStatus(steps);
  const canRequest = useCan('appraiser');
  const appraisalId = params.get('appraisalId') ?? '';
  const opened = Number(params.get('payment'));
  useEffect(() => {
    if (opened > 0) status.open(opened);
    // Opened once from the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  return (
    <ListScreen
      className="payments"
      title="Payments to sellers"
      action={loadPayments}
      params={appraisalId ? { appraisalId } : undefined}
      noun={['payment', 'payments']}
      columns={paymentColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Seller, phone, email, VIN or vehicle' },
        { name: 'locationId', kind: 'location' },
        { name: 'state', kind: 'select', placeholder: 'Any', data: stateOptions },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.paymentId}
      rowLabel={(row) => `${row.payeeName}, ${formatMoney(row.amountCents)}`}
      onRowClick={(row) => status.open(row.paymentId)}
      emptyText="No payments match these filters; clear a filter or request a payment."
      cells={{
        amount: (row) => formatMoney(row.amountCents),
        vehicle: (row) => (row.vin ? `${row.vehicle} · ${row.vin.slice(-6)}` : row.vehicle),
        stateLabel: (row) => (
          <Stack gap={6} align="flex-start">
            <Badge color={paymentStateColors[row.state]} variant="light" className="payment-state">
              {row.stateLabel}
            </Badge>
            {steps.buttons(row)}
          </Stack>
        ),
      }}
      toolbar={
        canRequest && (
          <Button leftSection={<IconPlus size={16} />} onClick={openRequestPayment}>
            Request payment
          </Button>
        )
      }
    >
      <RequestPaymentModal
        onRequested={(paymentId) =>
          setParams((p) => {
            p.set('payment', String(paymentId));
            return p;
          })
        }
      />
      {status.modal}
      {steps.modals}
    </ListScreen>
  );
}
