// Synthetic stub: a module set whose functions are all missing. Each module is an empty object: a module lacking
// exports is judged, never refused, so every export of the spec reads absent and no case may pass.
export default {
  name: 'stub: functions missing',
  version: '0.0.0',
  modules: {
    querystring: {},
    child_process: {},
    https: {},
  },
};
