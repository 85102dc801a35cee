import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Checkbox, FileInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { uploadAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { loadUploads, MAX_FILE_BYTES, MAX_FILES, uploadFiles, uploadTypes } from './cdn.contract';

const ACCEPT = Object.keys(uploadTypes).join(',');

/** cdn-add: choose files, say where they belong, and upload them (seed 000, "CDN add"). */
export default function CdnAdd() {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const form = useContractForm(uploadFiles, {
    initialValues: { locationId: '', tags: '', description: '', active: true, compress: true },
    send: (input) =>
      uploadAction(
        uploadFiles,
        { files },
        Object.fromEntries(Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))),
      ),
    check: () => (files.length === 0 ? { files: 'Choose at least one file to upload.' } : {}),
    reload: [loadUploads],
    // Seed 000: the list greets the upload with 'File upload successful!'.
    onSuccess: () => navigate('/tools/cdn/?upload=success'),
  });
  const choose = (chosen: File[]) => {
    setFiles(chosen);
    // Seed 000, section 5: exactly one file and no description yet: the description is its name.
    if (chosen.length === 1 && !form.values.description.trim()) form.form.setFieldValue('description', chosen[0].name);
  };
  return (
    <Stack className="cdn-add" maw={720}>
      <Title order={2}>Upload files</Title>
      <Paper withBorder p="md">
        <RecordForm
          form={form}
          failTitle="The files were not uploaded"
          submitLabel="Upload"
          onCancel={() => navigate('/tools/cdn/')}
        >
          <FileInput
            multiple
            clearable
            data-autofocus
            label="Files"
            required
            accept={ACCEPT}
            leftSection={<IconUpload size={16} />}
            placeholder="Choose files"
            description={`Up to ${MAX_FILES} files of ${MAX_FILE_BYTES / 1024 / 1024} MB each: images, PDFs, MP4 or WebM videos, MP3s`}
            value={files}
            onChange={choose}
            error={form.form.errors.files}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...form.field('description')} />
            <TextInput description="Separated by commas" {...form.field('tags')} />
            <LocationSelect form={form.form} {...form.field('locationId')} />
          </SimpleGrid>
          <Checkbox description="Serve the files at their addresses at once" {...form.checkbox('active')} />
          <Checkbox
            description="Images are re-encoded as WebP, or smaller in their own format; the list shows what it saved"
            {...form.checkbox('compress')}
          />
          {files.length > 1 && (
            <Text size="sm" c="dimmed">
              {files.length} files chosen; each gets the description, tags and store above.
            </Text>
          )}
        </RecordForm>
      </Paper>
    </Stack>
  );
}
