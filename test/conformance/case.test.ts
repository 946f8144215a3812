// defineCases gives every case its module and keeps the rest as written, and refuses by name an id outside its module.
import { expect } from 'chai';
import { defineCases } from '../../conformance/case.js';

describe('defineCases', () => {
  const run = (): void => undefined;

  it('gives every case its module and keeps everything else, in order', () => {
    const cases = defineCases('querystring', [
      { id: 'querystring.parse.a', rules: ['querystring.parse.x'], run },
      { id: 'querystring.parse.b', rules: ['querystring.parse.y'], timeoutMs: 500, tags: ['slow'], run },
    ]);
    expect(cases).to.deep.equal([
      { id: 'querystring.parse.a', module: 'querystring', rules: ['querystring.parse.x'], run },
      { id: 'querystring.parse.b', module: 'querystring', rules: ['querystring.parse.y'], timeoutMs: 500, tags: ['slow'], run },
    ]);
  });

  it('refuses, naming it, an id that does not start with the module and a dot', () => {
    expect(() => defineCases('child_process', [{ id: 'child_process.ok', rules: [], run }, { id: 'https.agent.x', rules: [], run }])).to.throw(Error, /"https\.agent\.x"/);
    expect(() => defineCases('https', [{ id: 'httpsx.agent', rules: [], run }])).to.throw(Error, /"httpsx\.agent".*"https\."/);
  });
});
