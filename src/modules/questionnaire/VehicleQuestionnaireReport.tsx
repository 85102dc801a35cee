import { useState } from 'react';
import { Slot, VinSlot } from '../../web/slots';
import { Anchor, Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { callAction } from '../../web/api';
import { ListScreen } from '../../web/ui/ListScreen';
import { openModal } from '../../web/ui/modals';
import { RecordModal } from '../../web/ui/RecordModal';
import { formatDateTime, formatPhone } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import {
  loadQuestions,
  loadReport,
  questionnaireColumns,
  type QuestionAnswer,
  type Questionnaire,
} from './questionnaire.contract';

type Row = RowOf<typeof loadReport>;

const MODAL_ID = 'view-questions';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** The view-questions modal's body: who sent it, the vehicle, the comments, then each question and its answer. */
function QuestionsView({
  questionnaire: lead,
  questions,
}: {
  questionnaire: Questionnaire;
  questions: QuestionAnswer[];
}) {
  return (
    <Stack className="view-questions">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Detail label="Customer">
          <Slot
            name="customerName"
            props={{ kind: 'questionnaire', recordId: lead.questionnaireId, name: lead.customerName }}
            fallback={lead.customerName}
          />
        </Detail>
        <Detail label="Vehicle">{lead.vehicle}</Detail>
        <Detail label="VIN">
          {lead.vehicleVin && (
            <Text component="span" ff="monospace" size="sm">
              <VinSlot vin={lead.vehicleVin} />
            </Text>
          )}
        </Detail>
        <Detail label="Phone">
          {lead.phone && <Anchor href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</Anchor>}
        </Detail>
        <Detail label="Email">{lead.email && <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor>}</Detail>
        <Detail label="Location">{lead.locationName}</Detail>
        <Detail label="Received">{formatDateTime(lead.createdAt)}</Detail>
      </SimpleGrid>
      {lead.comments && <Detail label="Comments">{lead.comments}</Detail>}
      {questions.length === 0 ? (
        <Text c="dimmed">The customer answered no questions.</Text>
      ) : (
        <Table striped withTableBorder aria-label="Questions and answers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Question</Table.Th>
              <Table.Th scope="col">Answer</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {questions.map((q, i) => (
              <Table.Tr key={i}>
                <Table.Th scope="row" fw={400}>
                  {q.question}
                </Table.Th>
                <Table.Td>{q.answer}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** vehicle-questionnaire-report (seed 002): the leads from customers' questionnaires, each opening its view-questions modal. */
export default function VehicleQuestionnaireReport() {
  const [selected, setSelected] = useState<Row | null>(null);
  const show = (row: Row) => {
    setSelected(row);
    openModal(MODAL_ID);
  };
  return (
    <ListScreen
      className="vehicle-questionnaire-report"
      title="Vehicle questionnaires"
      action={loadReport}
      noun={['questionnaire', 'questionnaires']}
      columns={questionnaireColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Name, email, phone or VIN' },
        { name: 'locationId', kind: 'location' },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.questionnaireId}
      rowLabel={(row) => `${row.customerName}, ${row.vehicle}`}
      cardTitle={(row) => row.customerName}
      onRowClick={show}
      emptyText="No questionnaires match these filters; clear a filter or pick other days."
      cells={{
        createdAt: (row) => formatDateTime(row.createdAt),
        vehicleVin: (row) =>
          row.vehicleVin ? (
            <Text component="span" ff="monospace" size="sm">
              <VinSlot vin={row.vehicleVin} />
            </Text>
          ) : (
            '—'
          ),
        phone: (row) => formatPhone(row.phone) || '—',
        email: (row) => row.email || '—',
        answerCount: (row) => (
          <Badge variant="light" color={row.answerCount ? 'blue' : 'gray'}>
            {row.answerCount}
          </Badge>
        ),
      }}
    >
      <RecordModal
        id={MODAL_ID}
        title={selected ? `Questions: ${selected.customerName}` : 'Questions'}
        size="lg"
        recordKey={[selected?.questionnaireId]}
        load={() => callAction(loadQuestions, { questionnaireId: selected?.questionnaireId })}
      >
        {(reply) => <QuestionsView questionnaire={reply.questionnaire} questions={reply.questions} />}
      </RecordModal>
    </ListScreen>
  );
}
