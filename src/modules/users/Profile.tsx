import { useEffect, useState } from 'react';
import { Avatar, Button, Center, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE, type FileWithPath } from '@mantine/dropzone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconKey, IconPhoto, IconShieldCheck, IconUpload, IconX } from '@tabler/icons-react';
import { uploadAction, setCsrfToken } from '../../web/api';
import { sessionKey } from '../../web/queryClient';
import { useSignedIn } from '../../web/shell/session';
import { photoVersionKey, UserAvatar } from '../../web/shell/UserMenu';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { DataTable } from '../../web/ui/DataTable';
import { ExpandableCards } from '../../web/ui/ExpandableCards';
import { notify, notifySuccess } from '../../web/ui/notify';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import {
  changePassword,
  factorLabels,
  loadProfile,
  PASSWORD_MIN,
  PHOTO_MAX_BYTES,
  uploadPhoto,
  type Factor,
} from './users.contract';
import '@mantine/dropzone/styles.layer.css';
import { useActionQuery } from '../../web/ui/useActionQuery';

function ProfileImage() {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<FileWithPath | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The preview is a blob URL: released when replaced or when the screen closes.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = useMutation({
    mutationFn: (image: File) => uploadAction(uploadPhoto, { file: image }),
    onSuccess: () => {
      notifySuccess('Profile image saved.');
      setFile(null);
      setPreview(null);
      queryClient.setQueryData(photoVersionKey, Date.now());
      // The session now says the user has a photo: every avatar switches from initials to it.
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });

  return (
    <Stack>
      <Group align="center" gap="lg">
        {preview ? (
          <Avatar src={preview} size={96} alt="Preview of the new profile image" />
        ) : (
          <UserAvatar user={session.user} size={96} />
        )}
        <Text size="sm" c="dimmed">
          {preview ? 'Preview: upload to use this image.' : 'Your current image, shown beside your name.'}
        </Text>
      </Group>
      <Dropzone
        accept={IMAGE_MIME_TYPE}
        maxSize={PHOTO_MAX_BYTES}
        maxFiles={1}
        multiple={false}
        loading={upload.isPending}
        onDrop={([chosen]) => {
          setFile(chosen);
          setPreview(URL.createObjectURL(chosen));
          upload.reset();
        }}
        onReject={() => notify({ type: 'error', message: 'Choose one image (JPEG, PNG, WebP or GIF) up to 8 MB.' })}
        aria-label="Choose a profile image"
        inputProps={{ 'aria-label': 'Profile image file' }}
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={40} />
          </Dropzone.Idle>
          <div>
            <Text size="lg">Drag an image here or click to choose one</Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG, WebP or GIF, up to 8 MB. It is cropped to a square.
            </Text>
          </div>
        </Group>
      </Dropzone>
      <ActionAlert error={upload.error} title="The image was not saved" />
      <Group>
        <Button
          leftSection={<IconUpload size={16} />}
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          Upload image
        </Button>
        {file && (
          <Button
            variant="subtle"
            onClick={() => {
              setFile(null);
              setPreview(null);
            }}
            disabled={upload.isPending}
          >
            Cancel
          </Button>
        )}
      </Group>
    </Stack>
  );
}

const noPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePassword() {
  const queryClient = useQueryClient();
  const form = useContractForm(changePassword, {
    initialValues: noPasswords,
    toInput: ({ confirmPassword: _repeated, ...input }) => input,
    check: (values) =>
      values.confirmPassword === values.newPassword ? {} : { confirmPassword: 'The two new passwords differ.' },
    success: 'Password changed. Your other sessions were signed out.',
    onSuccess: (data) => {
      // The session goes on under a new id: the next calls need its new CSRF token.
      setCsrfToken(data.csrfToken);
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      form.form.setValues(noPasswords);
    },
  });
  return (
    <Stack maw={420}>
      <RecordForm buttons="start" form={form} failTitle="The password was not changed" submitLabel="Change password">
        <PasswordInput autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordInput
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
        <PasswordInput autoComplete="new-password" {...form.field('confirmPassword')} label="Repeat the new password" />
      </RecordForm>
    </Stack>
  );
}

const factorColumns = [
  { key: 'method', label: 'Method' },
  { key: 'target', label: 'Codes go to' },
];

function SignInMethods({ factors }: { factors: Factor[] }) {
  const rows = factors.map((f) => ({
    id: f.factorId,
    method: factorLabels[f.factorType],
    target: f.target || 'Your authenticator app',
  }));
  return (
    <Stack gap="xs">
      <DataTable
        columns={factorColumns}
        rows={rows}
        rowKey={(r) => r.id}
        label="Sign-in methods"
        emptyText="No sign-in methods yet."
      />
      <Text size="sm" c="dimmed">
        A user admin can add text or email codes, or reset your authenticator app.
      </Text>
    </Stack>
  );
}

/** profile: your image, your password and your sign-in methods. */
export default function Profile() {
  const profile = useActionQuery(loadProfile);
  const user = profile.data?.user;
  return (
    <div className="profile">
      <Stack maw={820}>
        <div>
          <Title order={1} size="h2">
            Profile
          </Title>
          {user && (
            <Text c="dimmed">
              {user.firstName} {user.lastName} · {user.username} · {user.email}
            </Text>
          )}
        </div>
        <ActionAlert error={profile.error} title="Your profile could not be loaded" />
        {profile.isPending ? (
          <Center h={200}>
            <Loader aria-label="Loading" />
          </Center>
        ) : (
          <ExpandableCards
            defaultOpen="image"
            cards={[
              { value: 'image', title: 'Profile image', icon: <IconPhoto size={18} />, children: <ProfileImage /> },
              { value: 'password', title: 'Password', icon: <IconKey size={18} />, children: <ChangePassword /> },
              {
                value: 'methods',
                title: 'Sign-in methods',
                icon: <IconShieldCheck size={18} />,
                children: <SignInMethods factors={user?.factors ?? []} />,
              },
            ]}
          />
        )}
      </Stack>
    </div>
  );
}
