import { createContext, useContext } from 'react';
import type { AdminSession } from '../api/sign-in';

const ServedSession = createContext<AdminSession | undefined>(undefined);

/** The session the server rendered the dashboard's first view with (decision 067). */
export const ServedSessionProvider = ServedSession.Provider;

/** That session, for the guard: valid from the start, not checked again. */
export const useServedSession = () => useContext(ServedSession);
