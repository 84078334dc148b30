import { describe, expect, it } from 'vitest';
import { filterJobs } from './filter-jobs';

const jobs = [
  { name: 'Blitzschutzmonteur (m/w/d)', location: 'Hanau' },
  { name: 'Junior-Projektleiter Blitzschutz- und Erdungsanlagen (m/w/d)', location: 'Hanau' },
  { name: 'Elektroniker Überspannungsschutz', location: 'Frankfurt am Main' },
];

describe('filterJobs', () => {
  it('matches a substring of the name, ignoring case', () => {
    expect(filterJobs(jobs, 'monteur').map((j) => j.name)).toEqual(['Blitzschutzmonteur (m/w/d)']);
    expect(filterJobs(jobs, 'PROJEKTLEITER')).toHaveLength(1);
    expect(filterJobs(jobs, 'blitzschutz')).toHaveLength(2);
  });

  it('matches a substring of the location, ignoring case', () => {
    expect(filterJobs(jobs, 'hanau')).toHaveLength(2);
    expect(filterJobs(jobs, 'FRANKFURT').map((j) => j.location)).toEqual(['Frankfurt am Main']);
  });

  it('matches umlauts in either case', () => {
    expect(filterJobs(jobs, 'ÜBERSPANNUNG')).toHaveLength(1);
  });

  it('returns every job for an empty or blank query, in their order', () => {
    expect(filterJobs(jobs, '')).toEqual(jobs);
    expect(filterJobs(jobs, '   ')).toEqual(jobs);
  });

  it('ignores blanks around the query but not inside it', () => {
    expect(filterJobs(jobs, '  hanau ')).toHaveLength(2);
    expect(filterJobs(jobs, 'am main')).toHaveLength(1);
    expect(filterJobs(jobs, 'ha nau')).toHaveLength(0);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterJobs(jobs, 'Bäcker')).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const copy = structuredClone(jobs);
    filterJobs(jobs, 'hanau');
    expect(jobs).toEqual(copy);
  });
});
