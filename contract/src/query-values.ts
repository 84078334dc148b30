// Zod-free helpers of the query schemas: a module that needs one does not build another's schemas
// with it (the dashboard's tabs, issue 46, decision 072).

/** Query values arrive as strings; an empty one (`?Language=`) means "not given", as ASP.NET binds it. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
