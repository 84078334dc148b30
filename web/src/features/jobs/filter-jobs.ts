export type Job = { name: string; location: string };

/**
 * The jobs whose name or location contains the query, ignoring case (SPEC.md §4). Surrounding
 * blanks of the query are ignored; an empty query matches every job.
 */
export function filterJobs<T extends Job>(jobs: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...jobs];
  return jobs.filter((job) => job.name.toLocaleLowerCase().includes(needle) || job.location.toLocaleLowerCase().includes(needle));
}
