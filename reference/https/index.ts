// The reference rt:https: named exports and, as default, the module object (whose `globalAgent` can be replaced).
export { https as default, type HttpsExports } from './https.js';
export { Agent, type AgentOptions, type ConnectionOptions } from './agent.js';
export { globalAgent } from './global-agent.js';
export { Server, type RequestListener, type ServerOptions } from './server.js';
export { createServer } from './create-server.js';
export { request } from './request.js';
export { get } from './get.js';
export type { RequestOptions } from './request-options.js';
