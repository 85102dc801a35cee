import { useNavigate } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { IconCar, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { ListScreen } from '../../web/ui/ListScreen';
import { confirm } from '../../web/ui/modals';
import { useAction } from '../../web/ui/useAction';
import { deleteStock, loadStocks, STOCK_DELETED, stockColumns } from './stock.contract';
import { acquiredByOptions, STOCK_LISTS, useStockModals } from './StockForms';
import { VinSlot } from '../../web/slots';

/**
 * stock-number-manager (seed 002): every stock number within reach, newest first; a row opens the
 * update-stock modal, its menu adds a trade or deletes it (stock number admins, after a confirmation).
 */
export default function StockNumberManager() {
  const navigate = useNavigate();
  const modals = useStockModals();
  const mayDelete = useCan('stockNumberAdmin');
  const deletion = useAction(deleteStock, {
    success: STOCK_DELETED,
    successMs: 4000,
    reload: STOCK_LISTS,
    errors: 'alert',
  });
  return (
    <ListScreen
      className="stock-number-manager"
      title="Stock numbers"
      action={loadStocks}
      noun={['stock number', 'stock numbers']}
      columns={stockColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Stock number or VIN' },
        { name: 'locationId', kind: 'location' },
        { name: 'acquiredBy', kind: 'select', placeholder: 'Any', data: acquiredByOptions },
      ]}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => row.stock}
      onRowClick={(row) => modals.update(row.stock)}
      rowActions={(row) => [
        { label: 'Update', icon: <IconEdit size={16} />, onClick: () => modals.update(row.stock) },
        ...(row.parent
          ? []
          : [{ label: 'Add trade', icon: <IconCar size={16} />, onClick: () => modals.addTrade(row.stock) }]),
        ...(mayDelete
          ? [
              {
                label: 'Delete',
                icon: <IconTrash size={16} />,
                color: 'red',
                onClick: () =>
                  void confirm({
                    message: `Delete stock number ${row.stock} (${row.vin})? Its number is not given again.`,
                    confirmLabel: 'Delete',
                    danger: true,
                  }).then((yes) => yes && deletion.mutate({ stockId: row.id })),
              },
            ]
          : []),
      ]}
      cells={{
        vin: (row) => <VinSlot vin={row.vin} />,
        acquiredBy: (row) => (
          <Badge variant="light" color={row.acquiredBy === 'Trade' ? 'grape' : 'blue'}>
            {row.acquiredBy}
          </Badge>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/stock-numbers/generate')}>
          Generate stock number
        </Button>
      }
    >
      {modals.modals}
    </ListScreen>
  );
}
