// The libraries the dashboard's tabs share: zod, which their schemas build on (decision 045), and
// react-hook-form, which their forms use. The inbox fetches and evaluates them when the browser is
// idle after its list (inbox-panel.tsx), beside the inquiry dialog, which needs neither: libraries
// define functions when evaluated, schemas are built by each tab when it first opens (issue 46,
// decision 069). Named exports, so that the bundle keeps the parts the tabs' chunks share.
export { array, object, string } from 'zod';
export { useForm } from 'react-hook-form';
