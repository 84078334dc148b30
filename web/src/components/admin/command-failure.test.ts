import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { commandFailureReason } from './command-failure';

describe('commandFailureReason', () => {
  it('explains what the user can act on', () => {
    expect(commandFailureReason(new ApiError(0, 'network'))).toEqual({ key: 'reasons.network' });
    expect(commandFailureReason(new ApiError(404, 'not_found'))).toEqual({ key: 'reasons.notFound' });
    expect(commandFailureReason(new ApiError(409, 'conflict'))).toEqual({ key: 'reasons.conflict' });
    expect(commandFailureReason(new ApiError(409, 'conflict', { inTrash: true }))).toEqual({ key: 'reasons.conflictInTrash' });
    expect(commandFailureReason(new ApiError(413, 'payload_too_large'))).toEqual({ key: 'reasons.tooLarge' });
    expect(commandFailureReason(new ApiError(409, 'featured_limit'))).toEqual({
      key: 'reasons.featuredLimit',
      values: { max: 3 },
    });
  });

  it('says who saved meanwhile and when after a stale save (409 edit_conflict)', () => {
    const changedBy = { name: 'erika', at: '2026-11-25T09:42:00.000Z' };
    const reason = commandFailureReason(new ApiError(409, 'edit_conflict', { changedBy }));
    expect(reason?.key).toBe('reasons.editConflict');
    expect(reason?.values?.['name']).toBe('erika');
    // In the company's time zone: 10:42 in Berlin.
    expect(String(reason?.values?.['time'])).toContain('10:42');
    expect(commandFailureReason(new ApiError(409, 'edit_conflict', { changedBy: null }))).toEqual({
      key: 'reasons.editConflictUnknown',
    });
  });

  it('names the fields a 400 refused, and a refused picture as such', () => {
    const fields = [
      { field: 'title.0.content', message: 'too long' },
      { field: 'location', message: 'too long' },
      { field: 'location', message: 'again' },
    ];
    expect(commandFailureReason(new ApiError(400, 'validation', { fieldErrors: fields }))).toEqual({
      key: 'reasons.invalid',
      values: { fields: 'title.0.content, location' },
    });
    expect(
      commandFailureReason(new ApiError(400, 'validation', { fieldErrors: [{ field: 'picture', message: 'not an image' }] })),
    ).toEqual({ key: 'reasons.picture' });
    expect(commandFailureReason(new ApiError(400, 'validation'))).toBeUndefined();
  });

  it('reports a server error with its status, and nothing for what is not an API error', () => {
    expect(commandFailureReason(new ApiError(500, 'internal'))).toEqual({ key: 'reasons.server', values: { status: 500 } });
    expect(commandFailureReason(new Error('x'))).toBeUndefined();
  });
});
