import { Suspense, lazy } from 'react';
import { whenNear } from '../../../lib/when-near';

const anchorId = 'location-map';

const LocationMap = lazy(() =>
  whenNear(anchorId)
    .then(() => import('./location-map'))
    .then((module) => ({ default: module.LocationMap })),
);

/**
 * The map's consent placeholder, its code loaded when the visitor comes near it (see whenNear):
 * on the home page it sits far below the fold, and its code would otherwise count against the
 * home page's JavaScript budget.
 */
export function LazyLocationMap({ className = '' }: { className?: string }) {
  return (
    <div id={anchorId} className={className}>
      <Suspense fallback={<div className="h-[26rem] rounded-xl bg-brand-50 md:h-auto md:min-h-[24rem] md:aspect-[16/10]" />}>
        <LocationMap />
      </Suspense>
    </div>
  );
}
