// What the admin application's 'react-router' resolves to in the browser (vite.config.ts, beside
// 'react' → Preact): the part of React Router's API the dashboard uses, over the History API
// (issue 46: the data router was 29.6 KB of the first view's 117, and the dashboard has two
// addresses, /dashboard with its ?tab= and an invitation's /login). The server renders with React
// Router itself, and the components are written against its API and types; where the dashboard
// relies on its behaviour, this behaves alike:
//  - a navigation (navigate, <Navigate>, a link, a search parameter set) goes through the blockers
//    first (useBlocker: the unsaved-changes question), so does the browser's Back and Forward, which
//    a blocker takes back until it is answered (each entry's place is kept in history.state.idx);
//  - routes match case-insensitively; a route without a path is a layout, its match its <Outlet/>;
//  - a search parameters' update function gets the address's current ones.
import {
  type AnchorHTMLAttributes,
  Children,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;
export type Blocker =
  { state: 'unblocked'; proceed: undefined; reset: undefined } | { state: 'blocked'; proceed: () => void; reset: () => void };
type NavigateOptions = { replace?: boolean; state?: unknown };
type HistoryState = { usr?: unknown; key?: string; idx?: number } | null;

const listeners = new Set<() => void>();
const blockers = new Set<{ test: BlockerFunction; block: (proceed: () => void, reset: () => void) => void }>();
let current: Location | undefined;
/** Set while a POP the router made itself (taking a blocked Back back, or going on once allowed) is on its way. */
let ownPop: 'revert' | 'proceed' | undefined;

const historyState = () => window.history.state as HistoryState;
const indexOf = (state: HistoryState) => state?.idx;

function read(): Location {
  const { pathname, search, hash } = window.location;
  const state = historyState();
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function notify(): void {
  current = read();
  for (const listener of listeners) listener();
}

/** Starts listening to the browser's Back and Forward, once; the page's entry gets its place (idx 0) if it has none. */
function start(): Location {
  if (current) return current;
  if (indexOf(historyState()) === undefined) window.history.replaceState({ ...historyState(), idx: 0 }, '');
  current = read();
  let index = indexOf(historyState()) ?? 0;
  listeners.add(() => (index = indexOf(historyState()) ?? index));
  window.addEventListener('popstate', () => {
    const arrived = indexOf(historyState());
    if (ownPop === 'revert') {
      ownPop = undefined;
      return;
    }
    if (ownPop === 'proceed') ownPop = undefined;
    else if (arrived !== undefined && arrived !== index) {
      const delta = arrived - index;
      const blocking = blockerFor(read(), 'POP');
      if (blocking) {
        // Back where the user was, until they answer; then on, or nowhere.
        ownPop = 'revert';
        window.history.go(-delta);
        blocking.block(
          () => {
            ownPop = 'proceed';
            window.history.go(delta);
          },
          () => {},
        );
        return;
      }
    }
    // An entry the browser made itself (a #fragment link) gets the next place.
    if (arrived === undefined) window.history.replaceState({ ...historyState(), idx: index + 1 }, '');
    notify();
  });
  return current;
}

function blockerFor(next: Location, historyAction: HistoryAction) {
  const currentLocation = current ?? read();
  return [...blockers].find((blocker) => blocker.test({ currentLocation, nextLocation: next, historyAction }));
}

function commit(href: string, next: Location, replace: boolean): void {
  const index = indexOf(historyState()) ?? 0;
  const state = { usr: next.state, key: next.key, idx: replace ? index : index + 1 };
  if (replace) window.history.replaceState(state, '', href);
  else window.history.pushState(state, '', href);
  notify();
}

/** Goes to `to` (an address, absolute or relative to the current one) unless a blocker holds it back. */
function navigate(to: string, options: NavigateOptions = {}): void {
  start();
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const href = `${url.pathname}${url.search}${url.hash}`;
  const next: Location = {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    state: options.state ?? null,
    key: Math.random().toString(36).slice(2, 10),
  };
  const replace = options.replace ?? false;
  const blocking = blockerFor(next, replace ? 'REPLACE' : 'PUSH');
  if (blocking)
    blocking.block(
      () => commit(href, next, replace),
      () => {},
    );
  else commit(href, next, replace);
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, start);
}

/**
 * The address's path alone: a route's match and a link's "current page" follow it, and a search
 * parameter set (a dashboard tab's ?tab=) renders neither them nor the page frame around them again.
 */
function usePathname(): string {
  return useSyncExternalStore(subscribe, () => start().pathname);
}

/** Where `to` leads from the current address (a relative one resolved against it). */
function hrefFrom(to: string, at: Location): string {
  const url = new URL(to, `${window.location.origin}${at.pathname}${at.search}${at.hash}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const value = typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
    const query = new URLSearchParams(value).toString();
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
  }, []);
  return [params, setParams];
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions): null {
  useEffect(() => navigate(to, { replace, state }), [to, replace, state]);
  return null;
}

/** Holds navigations back while `shouldBlock` says so: `blocked` until the page proceeds or resets. */
export function useBlocker(shouldBlock: BlockerFunction | boolean): Blocker {
  const [blocker, setBlocker] = useState<Blocker>(unblocked);
  useEffect(() => {
    const entry = {
      test: (args: Parameters<BlockerFunction>[0]) => (typeof shouldBlock === 'function' ? shouldBlock(args) : shouldBlock),
      block: (proceed: () => void, reset: () => void) =>
        setBlocker({
          state: 'blocked',
          proceed: () => {
            setBlocker(unblocked);
            proceed();
          },
          reset: () => {
            setBlocker(unblocked);
            reset();
          },
        }),
    };
    blockers.add(entry);
    return () => void blockers.delete(entry);
  }, [shouldBlock]);
  return blocker;
}
const unblocked: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined };

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  className?: string;
};

/** An address's link: the app goes there itself (a plain click), or the browser (a new tab, a modifier). */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps): ReactElement {
  // Rendered again only when its own address changes (a relative one's), not at every navigation.
  const href = useSyncExternalStore(subscribe, () => hrefFrom(to, start()));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(href, { replace, state });
  };
  return <a {...rest} href={href} onClick={follow} />;
}

/** A link that knows whether its address is the current page's (`aria-current="page"`). */
export function NavLink({
  className,
  end,
  ...props
}: Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string);
  end?: boolean;
}): ReactElement {
  const pathname = usePathname();
  const target = new URL(props.to, window.location.href).pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const here = pathname.toLowerCase();
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  const classes = typeof className === 'function' ? className({ isActive, isPending: false, isTransitioning: false }) : className;
  return <Link {...props} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };

/** A route of <Routes>: it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** The element of the first route whose path is the address's (`*`: any); a layout's with the match as its outlet. */
export function Routes({ children }: { children?: ReactNode }): ReactNode {
  const pathname = usePathname();
  return matchRoutes(children, pathname.replace(/^\/+|\/+$/g, '').toLowerCase());
}

function matchRoutes(children: ReactNode, rest: string): ReactNode {
  for (const route of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(route)) continue;
    const { path, element, children: nested } = route.props;
    if (path === undefined) {
      const inner = matchRoutes(nested, rest);
      if (inner !== null) return <OutletContext.Provider value={inner}>{element}</OutletContext.Provider>;
    } else if (path === '*' || path.replace(/^\/+|\/+$/g, '').toLowerCase() === rest) {
      return element ?? null;
    }
  }
  return null;
}

export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

/** Whether `pathname` is the pattern's (`:name` a segment), as React Router's matchPath; its parameters. */
export function matchPath(
  pattern: { path: string; caseSensitive?: boolean; end?: boolean } | string,
  pathname: string,
): { params: Record<string, string>; pathname: string } | null {
  const { path, caseSensitive = false, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const names: string[] = [];
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // The root alone is '/', never the empty path.
  const tail = source === '' ? (end ? '/$' : '/') : end ? '/?$' : '(?:/|$)';
  const match = new RegExp(`^${source}${tail}`, caseSensitive ? '' : 'i').exec(pathname);
  if (!match) return null;
  return {
    params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])),
    pathname: match[0],
  };
}

/** The router of the admin application (entry-client.tsx): the History API, started once. */
export function BrowserRouter({ children }: { children: ReactNode }): ReactNode {
  start();
  return children;
}
