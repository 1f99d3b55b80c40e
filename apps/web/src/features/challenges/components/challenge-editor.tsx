import { Alert, Box, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChallengeRules } from '../../../components/challenge-rules/challenge-rules';
import { useT } from '../../../i18n/use-t';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSaveChallenge } from '../api/save-challenge';
import {
  addEvaluationPhase,
  checkChallengeForm,
  movePhase,
  previewPhases,
  removePhase,
  slugOf,
  type ChallengeForm,
  type FieldPath,
  type FormErrors,
  type PhaseForm,
} from '../model/challenge-form';
import { ChallengeFields } from './challenge-fields';
import { PhaseEditor } from './phase-editor';

const surface = { background: 'var(--app-surface)', borderColor: 'var(--app-border)' };

/** Server-side problems the form can place on a field (the schema is shared, so these are rare). */
function serverErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409) return { slug: { id: 'CHALLENGES.FORM.ERROR.SLUG_TAKEN' } };
  const out: FormErrors = {};
  for (const path of Object.keys(error.fields ?? {})) {
    const key = path.replace(/Bps$|Cents$/, '').replace(/^accountSize$/, 'accountSize') as FieldPath;
    out[key] = { id: 'CHALLENGES.FORM.ERROR.INVALID' };
  }
  return out;
}

/**
 * The challenge editor: terms, a phase list (evaluation phases can be added, removed and
 * reordered; the funded phase stays last) and, beside it, the rules exactly as traders will read
 * them in the catalogue. Checked with the server's own schema before it is sent.
 */
/**
 * Brings the first field in error into view and focus once the errors have rendered: the form is
 * long, and a toast alone leaves a person at the Save button, far below the field to mend.
 */
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[data-testid="challenge-form"] [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

export function ChallengeEditor({ id, initial, readOnly }: { id?: string; initial: ChallengeForm; readOnly: boolean }) {
  const { t, tError } = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const save = useSaveChallenge();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  // A new challenge's slug follows its name until someone types a slug of their own.
  const [slugTouched, setSlugTouched] = useState(id !== undefined);

  const change = (patch: Partial<ChallengeForm>) => {
    if (patch.slug !== undefined) setSlugTouched(true);
    setForm((f) => ({
      ...f,
      ...patch,
      ...(patch.name !== undefined && !slugTouched ? { slug: slugOf(patch.name) } : {}),
    }));
    setErrors({});
  };
  const setPhases = (phases: PhaseForm[]) => {
    setForm((f) => ({ ...f, phases }));
    setErrors({});
  };
  const changePhase = (index: number, patch: Partial<PhaseForm>) =>
    setPhases(form.phases.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  const submit = async () => {
    const checked = checkChallengeForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError(t('CHALLENGES.FORM.FIX_ERRORS'));
      focusFirstError();
      return;
    }
    try {
      const { challenge } = await save.mutateAsync({ id, request: checked.request });
      toastSuccess(t(id ? 'CHALLENGES.FORM.SAVED' : 'CHALLENGES.FORM.CREATED', { name: challenge.name }));
      void navigate('/challenges');
    } catch (error) {
      setErrors(serverErrors(error));
      // A taken slug is the one conflict: its field says so, and the toast too (not the server's English).
      const slugTaken = error instanceof ApiError && error.status === 409;
      toastError(slugTaken ? t('CHALLENGES.FORM.ERROR.SLUG_TAKEN') : tError(error, 'CHALLENGES.FORM.FAILED'));
    }
  };

  let evaluationNumber = 0;
  const evaluations = form.phases.filter((p) => p.kind === 'evaluation').length;
  const sizeCents = form.accountSize === '' ? 0 : Math.round(form.accountSize * 100);
  const priceCents = form.price === '' ? 0 : Math.round(form.price * 100);
  const currency = /^[A-Z]{3}$/.test(form.currency) ? form.currency : 'USD';

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="challenge-form"
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {/* SUPPORT reads the form as it stands: say so, not what saving would do. */}
            {readOnly ? (
              <Alert
                icon={<IconInfoCircle size={18} aria-hidden />}
                color="gray"
                variant="light"
                data-testid="read-only"
              >
                {t('CHALLENGES.READ_ONLY')}
              </Alert>
            ) : (
              id && (
                <Alert icon={<IconInfoCircle size={18} aria-hidden />} color="blue" variant="light">
                  {t('CHALLENGES.FORM.RUNNING_ACCOUNTS')}
                </Alert>
              )
            )}
            <Paper withBorder p="lg" radius="md" style={surface}>
              <Title order={2} size="h4" mb="md">
                {t('CHALLENGES.FORM.TERMS')}
              </Title>
              <ChallengeFields form={form} errors={errors} readOnly={readOnly} onChange={change} />
            </Paper>
            <Paper withBorder p="lg" radius="md" style={surface}>
              <Group justify="space-between" mb="md">
                <Title order={2} size="h4">
                  {t('CHALLENGES.FORM.PHASES')}
                </Title>
                {!readOnly && (
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={form.phases.length >= 5}
                    onClick={() => setPhases(addEvaluationPhase(form.phases))}
                    data-testid="add-phase"
                  >
                    {t('CHALLENGES.PHASES.ADD')}
                  </Button>
                )}
              </Group>
              <Stack gap="md">
                {form.phases.map((phase, index) => {
                  if (phase.kind === 'evaluation') evaluationNumber += 1;
                  return (
                    <PhaseEditor
                      key={phase.key}
                      phase={phase}
                      index={index}
                      evaluationNumber={evaluationNumber}
                      accountSize={form.accountSize}
                      currency={currency}
                      errors={errors}
                      readOnly={readOnly}
                      canMoveUp={phase.kind === 'evaluation' && index > 0}
                      canMoveDown={phase.kind === 'evaluation' && form.phases[index + 1]?.kind === 'evaluation'}
                      canRemove={phase.kind === 'evaluation' && evaluations > 1}
                      onChange={(patch) => changePhase(index, patch)}
                      onMove={(by) => setPhases(movePhase(form.phases, index, by))}
                      onRemove={() => setPhases(removePhase(form.phases, index))}
                    />
                  );
                })}
              </Stack>
            </Paper>
            {!readOnly && (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void navigate('/challenges')}>
                  {t('COMMON.CANCEL')}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="challenge-save">
                  {t(id ? 'CHALLENGES.FORM.SAVE' : 'CHALLENGES.CREATE')}
                </Button>
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Box pos={{ lg: 'sticky' } as never} top={80}>
            <Paper withBorder p="lg" radius="md" style={surface} data-testid="challenge-preview">
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {t('CHALLENGES.PREVIEW.TITLE')}
              </Text>
              <Title order={2} size="h4" mt={4}>
                {form.name || t('CHALLENGES.PREVIEW.UNNAMED')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('CHALLENGES.PREVIEW.SIZE_PRICE', {
                  size: format.money(sizeCents, currency),
                  price: format.money(priceCents, currency),
                })}
              </Text>
              <ChallengeRules challenge={{ phases: previewPhases(form) }} />
              <Text size="xs" c="dimmed" mt="md">
                {t('CHALLENGES.PREVIEW.NOTE')}
              </Text>
            </Paper>
          </Box>
        </Grid.Col>
      </Grid>
    </form>
  );
}
