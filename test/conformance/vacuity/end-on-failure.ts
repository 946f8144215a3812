// Imported first by the vacuity audit: its property cases need only know that a property fails against an "ignores
// it" candidate, not its smallest counterexample, and shrinking a property that starts a process per run takes the
// whole case time limit. The flag is the one `rtconf mutate` sets in its agents for the same reason
// (runners/execute-case.ts reads it once, when it is loaded, so this module must be evaluated before it).
process.env['RTCONF_PROPERTY_END_ON_FAILURE'] = '1';
