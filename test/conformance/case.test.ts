// defineCases gives every case its module and the exports it judges, keeps the rest as written, and refuses by name an
// id outside its module, a rule several exports share without saying which the case calls, and an export that none of
// the case's rules speaks of.
import { expect } from 'chai';
import { defineCases } from '../../conformance/case.js';

describe('defineCases', () => {
  const run = (): void => undefined;

  it('gives every case its module and the exports its rules speak of, and keeps everything else, in order', () => {
    const cases = defineCases('querystring', [
      { id: 'querystring.parse.a', rules: ['querystring.parse.x'], run },
      { id: 'querystring.parse.b', rules: ['querystring.parse.y', 'querystring.escape.z'], timeoutMs: 500, tags: ['slow'], run },
      { id: 'querystring.module.c', rules: ['querystring.module.exports'], run },
    ]);
    expect(cases).to.deep.equal([
      { id: 'querystring.parse.a', module: 'querystring', rules: ['querystring.parse.x'], apis: ['querystring.parse'], run },
      { id: 'querystring.parse.b', module: 'querystring', rules: ['querystring.parse.y', 'querystring.escape.z'], timeoutMs: 500, tags: ['slow'], apis: ['querystring.parse', 'querystring.escape'], run },
      // A rule about the module's export list speaks of no single export: the case judges none.
      { id: 'querystring.module.c', module: 'querystring', rules: ['querystring.module.exports'], apis: [], run },
    ]);
  });

  it('refuses, naming it, an id that does not start with the module and a dot', () => {
    expect(() => defineCases('child_process', [{ id: 'child_process.ok', rules: [], run }, { id: 'https.agent.x', rules: [], run }])).to.throw(Error, /"https\.agent\.x"/);
    expect(() => defineCases('https', [{ id: 'httpsx.agent', rules: [], run }])).to.throw(Error, /"httpsx\.agent".*"https\."/);
  });

  it('makes a case that cites a rule several exports share say which of them it calls', () => {
    const shared = 'child_process.child-process.event-emitter';
    expect(() => defineCases('child_process', [{ id: 'child_process.x.a', rules: [shared], run }])).to.throw(Error, /"child_process\.x\.a".*child_process\.spawn, child_process\.exec.*"apis"/);
    const [declared] = defineCases('child_process', [{ id: 'child_process.x.a', rules: [shared], apis: ['child_process.exec'], run }]);
    expect(declared?.apis).to.deep.equal(['child_process.exec']);
  });

  it('refuses a declared export that is unknown, or of which none of its rules speaks, and a rule left with none of its exports', () => {
    const shared = 'child_process.child-process.event-emitter';
    expect(() => defineCases('child_process', [{ id: 'child_process.x.b', rules: [shared], apis: ['child_process.nope'], run }])).to.throw(Error, /"child_process\.nope".*does not list/);
    expect(() => defineCases('child_process', [{ id: 'child_process.x.c', rules: [shared], apis: ['child_process.spawnSync'], run }])).to.throw(Error, /spawnSync, of which none of its rules speaks/);
    expect(() => defineCases('child_process', [{ id: 'child_process.x.d', rules: [shared, 'child_process.fork.ipc-channel'], apis: ['child_process.exec'], run }])).to.throw(
      Error,
      /cites child_process\.fork\.ipc-channel, a rule of child_process\.fork, but declares none of them/,
    );
  });
});
