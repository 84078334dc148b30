import { Navigate, useParams } from 'react-router';
import { JobDetail } from '../../../features/jobs/components/job-detail';
import { paths } from '../../../config/paths';

/** `/jobs/{id}`: a job's own page. A malformed id goes to the jobs page; so does an unknown, draft or expired one (the server). */
export default function JobPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,10}$/.test(id)) return <Navigate to={paths.jobs} replace />;
  return <JobDetail id={Number(id)} />;
}
