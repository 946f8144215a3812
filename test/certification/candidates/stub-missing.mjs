// Synthetic stub: a module set whose functions are all missing. The adapter boundary recognises a module by one or
// two exports (querystring parse + stringify, child_process spawn, https request), so those are present, as functions
// that do nothing and return undefined; every other function of the spec is absent. No case may pass.
const nothing = () => undefined;

export default {
  name: 'stub: functions missing',
  version: '0.0.0',
  modules: {
    querystring: { parse: nothing, stringify: nothing },
    child_process: { spawn: nothing },
    https: { request: nothing },
  },
};
