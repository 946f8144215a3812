// The module shapes a candidate provides. The interface the spec describes is the one Node's builtins expose, so the
// builtins' declared types are the contract; a candidate may implement any subset of the three modules.
import type * as querystring from 'node:querystring';
import type * as childProcess from 'node:child_process';
import type * as https from 'node:https';

export type QuerystringModule = typeof querystring;
export type ChildProcessModule = typeof childProcess;
export type HttpsModule = typeof https;

export interface CandidateModules {
  querystring?: QuerystringModule;
  child_process?: ChildProcessModule;
  https?: HttpsModule;
}
