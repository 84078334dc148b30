import { useTranslation } from 'react-i18next';
import { type NewsPostSummaryList, newsHomeKey } from '@blitz/contract';
import { CompanyContacts } from '../../../components/company-contacts';
import { FeaturedProjects, useFeaturedProjects } from '../../../features/home/components/featured-projects';
import { Hero } from '../../../features/home/components/hero';
import { LightningSection } from '../../../features/home/components/lightning-section';
import { PartnerStrip } from '../../../features/home/components/partner-strip';
import { ServicesOverview } from '../../../features/home/components/services-overview';
import { StatsStrip } from '../../../features/home/components/stats-strip';
import { ValueTiles } from '../../../features/home/components/value-tiles';
import { LocationMap } from '../../../features/map/components/location-map';
import { LatestNews } from '../../../features/news/components/latest-news';
import { ProjectCard } from '../../../features/projects/components/project-card';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageData } from '../../../lib/ssr/page-data';

export default function HomePage() {
  const { t, i18n } = useTranslation('homepage');
  usePageMeta('home');
  const featured = useFeaturedProjects();
  // The newest posts, where staff chose to show them (none by default: SPEC's home page as it is).
  const news = usePageData<NewsPostSummaryList>(newsHomeKey);
  return (
    <>
      <Hero />
      <StatsStrip />
      <ValueTiles />
      <ServicesOverview />
      {featured.length > 0 && (
        <FeaturedProjects>
          {featured.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} heading="h3" />
            </li>
          ))}
        </FeaturedProjects>
      )}
      <LightningSection />
      <section aria-labelledby="map-heading" className="bg-brand-50">
        <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-16 md:py-20 lg:grid-cols-[1fr_2fr] lg:items-start">
          <div>
            <h2 id="map-heading" className="text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
              {t('map.heading')}
            </h2>
            <div className="mt-6 text-slate-800">
              <CompanyContacts tone="light" />
            </div>
          </div>
          <LocationMap />
        </div>
      </section>
      <PartnerStrip />
      {news && news.data.length > 0 && <LatestNews list={news} lang={i18n.language === 'en' ? 'en' : 'de'} />}
    </>
  );
}
