import { describe, expect, it } from 'vitest';
import type { AdminAccessEvent } from '@cafe/contracts';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import type { TimeContext } from '../platform/clock.js';
import { ALREADY_WHITELISTED_MESSAGE, NOT_WHITELISTED_MESSAGE } from '@cafe/contracts';
import { adminAccessDecider, adminAccessStream, type AdminAccessCommand } from './admin-access-decider.js';

const time: TimeContext = { now: new Date('2026-11-18T16:00:00Z'), today: '2026-11-18', zone: 'America/Chicago' };
const given = (events: AdminAccessEvent[]) => events.reduce(adminAccessDecider.evolve, adminAccessDecider.initialState());
const when = (events: AdminAccessEvent[], command: AdminAccessCommand) => () => adminAccessDecider.decide(command, given(events), time);

const authorized: AdminAccessEvent = { type: 'AdminEmailAuthorized', data: { entryId: 'e1', email: 'owner@example.com' } };
const revoked: AdminAccessEvent = { type: 'AdminEmailRevoked', data: { entryId: 'e1', email: 'owner@example.com' } };
const authorize = (mode: 'explicit' | 'seed', email = 'Owner@Example.com'): AdminAccessCommand => ({
  type: 'AuthorizeAdminEmail',
  entryId: 'e2',
  email,
  mode,
});

describe('admin access decider', () => {
  it('streams are per lower-cased e-mail', () => {
    expect(adminAccessStream(' Owner@Example.COM ')).toBe('adminAccess-owner@example.com');
  });

  it('given nothing, when authorized, then AdminEmailAuthorized with the lower-cased e-mail', () => {
    expect(when([], authorize('explicit'))()).toEqual([
      { type: 'AdminEmailAuthorized', data: { entryId: 'e2', email: 'owner@example.com' } },
    ]);
  });

  it('given authorized, when authorized again, then 409 already on the whitelist', () => {
    expect(when([authorized], authorize('explicit'))).toThrow(Conflict);
    expect(when([authorized], authorize('explicit'))).toThrow(ALREADY_WHITELISTED_MESSAGE);
  });

  it('given authorized, when seeded, then nothing (restarts are idempotent)', () => {
    expect(when([authorized], authorize('seed'))()).toEqual([]);
  });

  it("given revoked, when seeded, then nothing (ADMIN_EMAILS does not undo an admin's removal)", () => {
    expect(when([authorized, revoked], authorize('seed'))()).toEqual([]);
  });

  it('given revoked, when authorized explicitly, then authorized again with the new entry id', () => {
    expect(when([authorized, revoked], authorize('explicit'))()).toEqual([
      { type: 'AdminEmailAuthorized', data: { entryId: 'e2', email: 'owner@example.com' } },
    ]);
  });

  it('given authorized, when revoked, then AdminEmailRevoked for that entry', () => {
    expect(when([authorized], { type: 'RevokeAdminEmail', email: 'owner@example.com' })()).toEqual([revoked]);
  });

  it('given nothing or revoked, when revoked, then 404 not on the whitelist', () => {
    for (const history of [[], [authorized, revoked]]) {
      const attempt = when(history, { type: 'RevokeAdminEmail', email: 'owner@example.com' });
      expect(attempt).toThrow(NotFound);
      expect(attempt).toThrow(NOT_WHITELISTED_MESSAGE);
    }
  });
});
