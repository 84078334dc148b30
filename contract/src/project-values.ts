// Zod-free: the dashboard's messages name it in its first view without loading zod (issue 46).

/** How many projects the home page shows at most. */
export const featuredLimit = 3;
