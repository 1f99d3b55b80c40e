import { createConnectorRequestSchema } from '@app/contracts/trading';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateConnector, type CreateConnectorRequest, type CreatedConnector } from '../api/create-connector';
import { ConnectorKeyReveal } from './connector-key-reveal';

/** New connector: a name, then the key, once. */
export function CreateConnectorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, tError } = useT();
  const create = useCreateConnector();
  const [created, setCreated] = useState<CreatedConnector | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<CreateConnectorRequest>({
    resolver: standardSchemaResolver(createConnectorRequestSchema),
    defaultValues: { name: '' },
  });

  const close = () => {
    onClose();
    setCreated(null);
    reset();
    create.reset();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const connector = await create.mutateAsync(values);
      setCreated(connector);
      toastSuccess(t('CONNECTORS.CREATE.SUCCESS', { name: connector.name }));
    } catch (error) {
      toastError(tError(error, 'CONNECTORS.CREATE.FAILED'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={700} size="lg">
          {t('CONNECTORS.CREATE.TITLE')}
        </Text>
      }
      centered
      size="lg"
      // Once the key shows, a stray click outside or Esc must not lose it: Done or the close button.
      closeOnClickOutside={created === null}
      closeOnEscape={created === null}
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      {created ? (
        <ConnectorKeyReveal connector={created} onDone={close} />
      ) : (
        <form onSubmit={onSubmit} noValidate data-testid="create-connector-form">
          <Stack gap="md">
            <TextInput
              label={t('CONNECTORS.CREATE.NAME')}
              description={t('CONNECTORS.CREATE.NAME_HINT')}
              required
              maxLength={100}
              autoComplete="off"
              data-autofocus
              // With the length capped by the input, a blank name is the one way to fail the schema.
              error={formState.errors.name && t('CONNECTORS.CREATE.NAME_REQUIRED')}
              {...register('name')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('COMMON.CANCEL')}
              </Button>
              <Button type="submit" loading={formState.isSubmitting}>
                {t('CONNECTORS.CREATE.SUBMIT')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
