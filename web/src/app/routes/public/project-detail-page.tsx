import { Navigate, useParams } from 'react-router';
import { ProjectDetail } from '../../../features/projects/components/project-detail';
import { paths } from '../../../config/paths';

/** `/project/{id}`: a missing or non-numeric id goes to the home page (SPEC.md §2); an unknown one too, once the API says so. */
export default function ProjectDetailPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,10}$/.test(id)) return <Navigate to={paths.home} replace />;
  return (
    <>
      <ProjectDetail id={Number(id)} />
    </>
  );
}
