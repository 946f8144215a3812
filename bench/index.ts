// Runs every registered benchmark module in turn (`npm run bench`), or only those named on the command line
// (`npm run bench -- child_process`). A benchmark module's default export is an async function that prints its results.
type Bench = () => Promise<{ default: () => Promise<void> }>;

// One line per benchmark module; keep the list sorted so parallel additions merge cleanly.
const benches: Readonly<Record<string, Bench>> = {
  agent: () => import('./agent.js'),
  child_process: () => import('./child_process.js'),
  https: () => import('./https.js'),
  querystring: () => import('./querystring.js'),
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in benches)) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
}
for (const [name, load] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n== ${name}`);
  await (await load()).default();
}
