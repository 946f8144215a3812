// A case that does nothing, for measuring what the agent itself costs per case.
export const cases = [{ id: 'querystring.bench.noop', module: 'querystring', rules: [], run() {} }];
