import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { setDisplayTimeZone } from '../../../lib/format/display-zone';
import { renderBlock } from '../../../test/render';
import { valuesKindOf } from '../model/audit-fields';
import { AuditDiff } from './audit-diff';

/** Each row of the change table as [field, before, after], as a reader sees them. */
function rows() {
  return within(screen.getByTestId('audit-diff'))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

describe('the change table', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });

  it('labels a user’s fields and reads roles, statuses and yes/no in words, without quotes', () => {
    renderBlock(
      <AuditDiff
        targetType="user"
        before={{ firstName: 'Ada', role: 'USER', status: 'active', mfaEnabled: true }}
        after={{ firstName: 'Ada', role: 'ADMIN', status: 'suspended', mfaEnabled: false }}
      />,
    );
    expect(rows()).toEqual([
      ['First name', 'Ada', 'Ada'],
      ['Two-factor sign-in(changed)', 'Yes', 'No'],
      ['Role(changed)', 'Member', 'Administrator'],
      ['Status(changed)', 'Active', 'Suspended'],
    ]);
    // The identifier stays at hand for whoever searches the log by it.
    expect(screen.getByText('First name').getAttribute('title')).toBe('firstName');
  });

  it('shows cents as money in the record’s currency, and moments in the display zone with the zone named', () => {
    setDisplayTimeZone('Europe/Berlin');
    renderBlock(
      <AuditDiff
        targetType="certificate"
        before={null}
        after={{
          kind: 'payout',
          amountCents: 123_456,
          currency: 'EUR',
          issuedAt: '2026-03-01T10:00:00Z',
          revokedAt: null,
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Amount(changed)', '—', '€1,234.56'],
      ['Currency(changed)', '—', 'EUR'],
      ['Issued(changed)', '—', '1 Mar 2026, 11:00 CET'],
      ['Kind(changed)', '—', 'Payout'],
      // Absent before, empty after: still a dash on both sides.
      ['Revoked', '—', '—'],
    ]);
  });

  it('reads a status by the kind of record it belongs to, and money without a currency as an amount', () => {
    renderBlock(
      <AuditDiff
        targetType="payout"
        before={{ status: 'requested', amountCents: 50_000 }}
        after={{ status: 'approved', amountCents: 50_000 }}
      />,
      { locale: 'de' },
    );
    expect(rows()).toEqual([
      ['Betrag', '500,00', '500,00'],
      ['Status(geändert)', 'Beantragt', 'Genehmigt'],
    ]);
  });

  it('reads a resent mail’s status as a mail’s, though the entry is about its user', () => {
    renderBlock(
      <AuditDiff
        targetType={valuesKindOf('user.mail_resend', 'user')}
        before={{ status: 'failed', attempts: 8 }}
        after={{ status: 'pending' }}
      />,
    );
    expect(rows()).toContainEqual(['Status(changed)', 'Not delivered', 'Waiting to be sent']);
    expect(valuesKindOf('user.update', 'user')).toBe('user');
  });

  it('keeps a field it does not know by its name, its value as compact JSON', () => {
    renderBlock(<AuditDiff targetType="bridge" before={{ wires: 2 }} after={{ wires: 3, mode: { fast: true } }} />);
    expect(rows()).toEqual([
      ['mode(changed)', '—', '{"fast":true}'],
      ['wires(changed)', '2', '3'],
    ]);
  });
});
