// Imported first by the server's entry: libraries loaded after it (React renders the gallery and
// project pages on the server) run their production builds unless NODE_ENV says otherwise.
process.env['NODE_ENV'] ??= 'production';
